package rules

import (
	"strings"
	"testing"
)

// A restore of a few MB printed "about 0 s", which reads as no cost at
// all: an estimate that rounds to nothing is "under 0.1 s".
func TestSL207TinyEstimate(t *testing.T) {
	src := "CREATE DATABASE Tiny ON (NAME = t, FILENAME = 'D:\\t.mdf', SIZE = 3MB) LOG ON (NAME = t_log, FILENAME = 'E:\\t.ldf', SIZE = 1MB);\nGO\n" +
		"RESTORE DATABASE Tiny FROM DISK = 'Z:\\t.bak' WITH REPLACE;\n"
	msgs := auditMessages(auditRun(t, src, nil), "SL207")
	if len(msgs) != 1 {
		t.Fatalf("%d SL207 findings, want 1", len(msgs))
	}
	for _, want := range []string{"data files 3 MB, under 0.1 s without", "log 1 MB, under 0.1 s, IFI or not"} {
		if !strings.Contains(msgs[0], want) {
			t.Errorf("message lacks %q: %s", want, msgs[0])
		}
	}
	if strings.Contains(msgs[0], "about 0 s") {
		t.Errorf("message says about 0 s: %s", msgs[0])
	}
}

func TestAboutSeconds(t *testing.T) {
	for s, want := range map[float64]string{
		0:     "about 0 s",
		0.04:  "under 0.1 s",
		0.05:  "about 0.1 s",
		9.7:   "about 9.7 s",
		96.6:  "about 97 s",
		385.5: "about 6 min 26 s",
	} {
		if got := aboutSeconds(s); got != want {
			t.Errorf("aboutSeconds(%v) = %q, want %q", s, got, want)
		}
	}
}
