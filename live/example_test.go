package live_test

import (
	"context"
	"fmt"
	"os"

	"github.com/sqllint/sqllint/live"
)

// How the CLI is meant to use the package: environment first, flags on top,
// then one connection and one Facts call for the databases the scripts
// touch.
func ExampleConnect() {
	cfg, err := live.ConfigFromEnv(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	// cfg.DSN = *serverFlag; cfg.Server = *sFlag; cfg.User = *uFlag ...
	ctx := context.Background()
	client, err := live.Connect(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err) // never holds the password
		os.Exit(2)
	}
	facts, err := client.Facts(ctx, []string{"Sales", "Staging"})
	client.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	for _, n := range facts.Notices {
		fmt.Fprintln(os.Stderr, "note:", n)
	}
	if on, known := facts.TraceFlag(1806); known && on {
		fmt.Printf("trace flag 1806 is on (confirmed on %s)\n", facts.Server)
	}
}

// The statements live mode may send, for the docs.
func ExampleQueries() {
	for _, q := range live.Queries() {
		fmt.Printf("%s (needs %s):\n  %s\n", q.Name, q.Permission, q.SQL)
	}
}
