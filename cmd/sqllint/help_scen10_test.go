package main

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/rules"
)

// TestHelpTopics: "sqllint help SL302" printed the general usage rather
// than the rule's documentation, "sqllint help scan" the usage rather
// than the scan flags, and "sqllint explain --help" said there is no
// rule "--help" (exit 2).
func TestHelpTopics(t *testing.T) {
	for _, r := range rules.Default.All() {
		for _, topic := range []string{r.ID, strings.ToLower(r.ID), r.Name} {
			code, out, errs := runCmd(t, "", nil, "help", topic)
			_, want, _ := runCmd(t, "", nil, "explain", r.ID)
			if code != 0 || out != want || errs != "" {
				t.Errorf("help %s: exit %d, stderr %q, output not explain's:\n%.200s", topic, code, errs, out)
			}
		}
	}
	// on standard output, as help and explain --help: sqllint help scan |
	// grep fail-on found nothing when it went to standard error
	code, out, errs := runCmd(t, "", nil, "help", "scan")
	if code != 0 || !strings.HasPrefix(out, "Usage: sqllint scan [flags] PATH...") || !strings.Contains(out, "-new-from-rev") || errs != "" {
		t.Errorf("help scan: exit %d\n%s\nstderr: %s", code, out, errs)
	}
	for _, args := range [][]string{{"help", "explain"}, {"explain", "--help"}, {"explain", "-h"}} {
		if code, out, errs := runCmd(t, "", nil, args...); code != 0 || !strings.HasPrefix(out, "Usage: sqllint explain SLnnn") || errs != "" {
			t.Errorf("%v: exit %d %q %q", args, code, out, errs)
		}
	}
	if code, out, _ := runCmd(t, "", nil, "help"); code != 0 || !strings.Contains(out, "sqllint help [COMMAND | SLnnn]") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	code, out, errs = runCmd(t, "", nil, "help", "SL3020")
	if code != 2 || out != "" || errs != "sqllint: no command or rule \"SL3020\"; did you mean SL302? (run sqllint help for the commands, sqllint rules for the rules)\n" {
		t.Errorf("help SL3020: exit %d %q %q", code, out, errs)
	}
}
