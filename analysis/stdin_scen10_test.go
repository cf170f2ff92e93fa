package analysis

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stdinScript is a script of n batches with a CHECKPOINT 10 in the last.
func stdinScript(n int) string {
	return strings.Repeat("SELECT a, b FROM dbo.T WHERE x = 1;\nGO\n", n) + "CHECKPOINT 10;\n"
}

// stdinFindings runs a scan of standard input (stdin) and returns its
// findings as path:line:col rule, and how many inputs were mapped.
func stdinFindings(t *testing.T, stdin io.Reader) ([]string, int64) {
	t.Helper()
	before := mapped.Load()
	rs, _ := runAll(t, Options{Paths: []string{"-"}, Stdin: stdin, Workers: 1})
	var got []string
	for _, r := range rs {
		if r.Err != nil {
			t.Fatalf("error %v", r.Err)
		}
		for _, f := range r.Findings {
			got = append(got, fmt.Sprintf("%s:%d:%d %s", f.Path, f.Line, f.Column, f.RuleID))
		}
	}
	return got, mapped.Load() - before
}

// TestLargeStdinIsMapped: a large script on standard input is paged as
// the same script named as a file is, rather than read whole into memory
// (a 477 MB script piped in cost 1.3 GB, a 2 GB one 4.7 GB; named, the
// 477 MB one costs 70 MB). From a pipe it is copied to a temporary file
// and mapped; redirected from a file, that file is mapped. The findings
// are those of the script read whole, also when no temporary file can
// be made, and a small input is read as before.
func TestLargeStdinIsMapped(t *testing.T) {
	if !canMap {
		t.Skip("files are not mapped on this system")
	}
	text := stdinScript(5000)
	want := []string{"stdin.sql:10001:1 SL302"}

	// small: read whole, not mapped
	got, maps := stdinFindings(t, strings.NewReader(text))
	if strings.Join(got, ",") != strings.Join(want, ",") || maps != 0 {
		t.Fatalf("small input: findings %q, %d mapped; want %q, none mapped", got, maps, want)
	}

	defer func(k int64) { mapMin = k }(mapMin)
	mapMin = 4096

	// a pipe (any reader): spooled and mapped, in several chunks
	got, maps = stdinFindings(t, strings.NewReader(text))
	if strings.Join(got, ",") != strings.Join(want, ",") || maps != 1 {
		t.Errorf("piped input: findings %q, %d mapped; want %q, 1 mapped", got, maps, want)
	}

	// a redirected file: mapped in place
	path := filepath.Join(t.TempDir(), "big.sql")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, maps = stdinFindings(t, f)
	if strings.Join(got, ",") != strings.Join(want, ",") || maps != 1 {
		t.Errorf("redirected input: findings %q, %d mapped; want %q, 1 mapped", got, maps, want)
	}

	// a redirected file already partly read: the rest, from where it is
	if _, err := f.Seek(int64(strings.Index(text, "CHECKPOINT")), io.SeekStart); err != nil {
		t.Fatal(err)
	}
	got, _ = stdinFindings(t, f)
	if strings.Join(got, ",") != "stdin.sql:1:1 SL302" {
		t.Errorf("partly read input: findings %q, want the CHECKPOINT at 1:1", got)
	}

	// no temporary folder: read whole, the same findings
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	got, maps = stdinFindings(t, strings.NewReader(text))
	if strings.Join(got, ",") != strings.Join(want, ",") || maps != 0 {
		t.Errorf("input without a temporary folder: findings %q, %d mapped; want %q, none mapped", got, maps, want)
	}
}

// TestSpoolFallsBackWhenWritingFails: when the temporary file stops
// taking bytes (a full disk), the input read so far is read back and
// the rest follows in memory: nothing is lost.
func TestSpoolFallsBackWhenWritingFails(t *testing.T) {
	text := stdinScript(3000)
	tmp, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer tmp.Close()
	if _, err := tmp.WriteString(text[:5000]); err != nil {
		t.Fatal(err)
	}
	in := strings.NewReader(text[6000:])
	data, isMapped, err := unspool(tmp, 5000, []byte(text[5000:6000]), in)
	if err != nil || isMapped || string(data) != text {
		t.Fatalf("unspool: %d bytes, mapped %v, err %v; want the %d bytes of the input", len(data), isMapped, err, len(text))
	}
}
