package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/output"
)

// TestStreamedOutputIsCollected: a plain run prints each file's findings
// as the run gives them; a run with a baseline collects them all first.
// With a baseline that hides nothing both print the same bytes, in every
// format, to standard output and to a file, with the same exit status.
func TestStreamedOutputIsCollected(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	data, err := baseline.Encode(empty, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, data, 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := filepath.Abs(filepath.Join("..", "..", "testdata", "rules"))
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range output.Formats() {
		file := filepath.Join(dir, "out."+format)
		args := []string{"scan", "--no-config", "--format", format, "--format", "sarif=" + file, src}
		code, out, errs := runCmd(t, "", nil, args...)
		streamedFile, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		code2, out2, errs2 := runCmd(t, "", nil, append([]string{"scan", "--baseline", empty}, args[1:]...)...)
		collectedFile, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if code != code2 || out != out2 || errs != errs2 || string(streamedFile) != string(collectedFile) {
			t.Errorf("%s: streamed (exit %d, %d bytes, file %d bytes) differs from collected (exit %d, %d bytes, file %d bytes); stderr %q / %q",
				format, code, len(out), len(streamedFile), code2, len(out2), len(collectedFile), errs, errs2)
		}
		if code != 1 || len(out) == 0 {
			t.Errorf("%s: exit %d with %d bytes: the fixtures have findings", format, code, len(out))
		}
	}
}
