package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/rules"
)

var updateDocs = flag.Bool("update", false, "regenerate docs/")

// TestDocsUpToDate fails when docs/rules/SLnnn.md or docs/live.md drift
// from the code they are generated from (go test ./cmd/sqllint -update).
func TestDocsUpToDate(t *testing.T) {
	want := map[string]string{filepath.Join("..", "..", "docs", "live.md"): liveDoc()}
	for _, r := range rules.Default.All() {
		want[filepath.Join("..", "..", "docs", "rules", r.ID+".md")] = rules.Markdown(r)
	}
	for path, text := range want {
		if *updateDocs {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != text {
			t.Errorf("%s is out of date: run go test ./cmd/sqllint -run TestDocsUpToDate -update", path)
		}
	}
}

func liveDoc() string {
	var b strings.Builder
	b.WriteString("# Live mode: the queries sqllint sends\n\n")
	b.WriteString("With `--server`, sqllint connects with go-mssqldb and sends only these\n")
	b.WriteString("read-only statements, built into the program. The scanned scripts are never\n")
	b.WriteString("sent. A query that fails for lack of a permission makes its fact unknown\n")
	b.WriteString("(with a notice); the static findings then stand.\n\n")
	b.WriteString("This page is generated from `live.Queries()`.\n")
	for _, q := range live.Queries() {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n\n- reads: %s\n- permission: %s\n", q.Name, q.Purpose, q.Reads, q.Permission)
		if q.Params != "" {
			fmt.Fprintf(&b, "- parameters: %s\n", q.Params)
		}
		fmt.Fprintf(&b, "\n```sql\n%s\n```\n", strings.TrimSpace(q.SQL))
	}
	return b.String()
}
