package parser

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// countCalls swaps ppReadDir and ppEvalSymlinks for counting versions for
// the test's duration.
func countCalls(t *testing.T) (readDirs, evals *int) {
	t.Helper()
	readDirs, evals = new(int), new(int)
	rd, ev := ppReadDir, ppEvalSymlinks
	ppReadDir = func(dir string) ([]os.DirEntry, error) { *readDirs++; return rd(dir) }
	ppEvalSymlinks = func(p string) (string, error) { *evals++; return ev(p) }
	t.Cleanup(func() { ppReadDir, ppEvalSymlinks = rd, ev })
	return readDirs, evals
}

// A script of many :r lines naming a missing file listed the folder once
// per line to look for the name in another letter case: 4,000 scripts
// with one such line in a folder of 4,000 files took 24 s (quadratic),
// one script of 10,000 such lines beside 1,000 files 10 s. The folder is
// listed once per run, and once per script without a run's cache.
func TestMissingIncludeListsFolderOnce(t *testing.T) {
	dir := t.TempDir()
	for i := range 50 {
		if err := os.WriteFile(filepath.Join(dir, "f"+strings.Repeat("x", i)+".sql"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "Seed.sql"), []byte("SELECT 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat(":r missing.sql\n", 500) + ":r seed.SQL\n"
	for _, cached := range []bool{false, true} {
		readDirs, _ := countCalls(t)
		var opt *PreprocessOptions
		if cached {
			opt = &PreprocessOptions{Includes: NewIncludeCache(0)}
		}
		for range 3 {
			sc := Preprocess(NewFile(filepath.Join(dir, "a.sql"), text), opt)
			if got := batchTexts(sc); len(got) != 1 || got[0] != "SELECT 7\n" {
				t.Fatalf("cached %v: batches %q (the name in another case is still found)", cached, got)
			}
			if len(sc.Diags) != 500 {
				t.Fatalf("cached %v: %d diags, want 500", cached, len(sc.Diags))
			}
		}
		want := 3 // once per script
		if cached {
			want = 1 // once per run
		}
		if *readDirs != want {
			t.Errorf("cached %v: the folder was listed %d times for 3 scripts of 501 :r, want %d", cached, *readDirs, want)
		}
	}
}

// A :r name is resolved (a dozen file-system calls: the letter case, the
// root script's folder, symbolic links) once per run however many times
// it is met: twenty small files each including the next twice made 10,000
// includes a script, 21 scripts 5.4 s; 0.4 s now.
func TestIncludeResolvedOncePerRun(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc")
	if err := os.Mkdir(inc, 0o755); err != nil {
		t.Fatal(err)
	}
	const depth = 12
	for i := range depth {
		text := "SELECT 1\n"
		if i+1 < depth {
			text = ":r x" + string(rune('a'+i+1)) + ".sql\n:r x" + string(rune('a'+i+1)) + ".sql\n"
		}
		if err := os.WriteFile(filepath.Join(inc, "x"+string(rune('a'+i))+".sql"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, evals := countCalls(t)
	opt := &PreprocessOptions{Includes: NewIncludeCache(0)}
	sc := Preprocess(NewFile(filepath.Join(dir, "a.sql"), ":r inc/xa.sql\n"), opt)
	if len(sc.Diags) != 0 {
		t.Fatalf("diags %q", diagMessages(sc))
	}
	if got, want := strings.Count(strings.Join(batchTexts(sc), ""), "SELECT 1"), 1<<(depth-1); got != want {
		t.Fatalf("%d SELECT 1 included, want %d", got, want)
	}
	// 4,095 includes, 13 distinct names (one per folder and name) plus the root
	if *evals > 2*(depth+2) {
		t.Errorf("%d symbolic-link resolutions for %d distinct :r names, want at most %d", *evals, depth, 2*(depth+2))
	}
}

// Every :r counts toward the limit of ppMaxIncludes a script, also one
// that fails: an included file of :r lines naming a missing file, itself
// included thousands of times, made millions of failing includes (4,000
// includes of such a file of 1,000 lines: 0.47 s for a 23 KB script, now
// 0.03 s). Past the limit no :r is followed, not even one of an existing
// file, and the limit is reported once.
func TestFailedIncludesCountTowardLimit(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "e.sql"), []byte("SELECT 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x.sql"), []byte(strings.Repeat(":r missing.sql\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cached := range []bool{false, true} {
		var opt *PreprocessOptions
		if cached {
			opt = &PreprocessOptions{Includes: NewIncludeCache(0)}
		}
		// 99 includes of x.sql and their 9,900 failing :r make 9,999; then
		// e.sql is the 10,000th, the next :r of e.sql the 10,001st.
		text := strings.Repeat(":r x.sql\n", 99) + ":r e.sql\n:r e.sql\n" + strings.Repeat(":r x.sql\n", 1000)
		_, evals := countCalls(t)
		sc := Preprocess(NewFile(filepath.Join(dir, "a.sql"), text), opt)
		if got := strings.Count(strings.Join(batchTexts(sc), ""), "SELECT 8"); got != 1 {
			t.Errorf("cached %v: e.sql included %d times, want 1 (the second :r is past the limit)", cached, got)
		}
		if !cached && *evals > 3*(ppMaxIncludes+2) {
			t.Errorf("%d symbolic-link resolutions, want at most %d: :r past the limit are not resolved", *evals, 3*(ppMaxIncludes+2))
		}
	}

	// The limit is reported once (the failing :r above fill the 1,000
	// errors a script reports, so a script of successful ones shows it).
	if err := os.WriteFile(filepath.Join(dir, "empty.sql"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	sc := Preprocess(NewFile(filepath.Join(dir, "b.sql"), strings.Repeat(":r empty.sql\n", ppMaxIncludes+5)), nil)
	if msgs := diagMessages(sc); len(msgs) != 1 || !strings.Contains(msgs[0], "too many :r") {
		t.Errorf("diags %q, want the limit once", msgs)
	}
}

// foldKey(a) == foldKey(b) exactly when strings.EqualFold(a, b), on
// strings made of runes whose case folding is unusual (the Kelvin sign
// and k, long s and s, Greek sigmas, dotted and dotless i, the micro sign)
// and invalid bytes.
func TestFoldKeyIsEqualFold(t *testing.T) {
	alphabet := []string{"k", "K", "\u212a", "s", "S", "\u017f", "\u03c3", "\u03c2", "\u03a3", "i", "I", "\u0130", "\u0131",
		"\u00b5", "\u03bc", "\u039c", "a", "\u00e5", "\u212b", "\u00c5", "\xff", "\xc3", "\ufffd", "1", "_", "\u1e9e", "\u00df"}
	r := rand.New(rand.NewSource(1))
	word := func() string {
		var b strings.Builder
		for range r.Intn(4) {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		return b.String()
	}
	for range 200000 {
		a, b := word(), word()
		if got, want := foldKey(a) == foldKey(b), strings.EqualFold(a, b); got != want {
			t.Fatalf("%q, %q: foldKey equal %v, EqualFold %v", a, b, got, want)
		}
	}
}

func FuzzFoldKey(f *testing.F) {
	f.Add("Seed.sql", "SEED.SQL")
	f.Add("\u212aelvin", "kELVIN")
	f.Add("\xff", "\ufffd")
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := foldKey(a) == foldKey(b), strings.EqualFold(a, b); got != want {
			t.Fatalf("%q, %q: foldKey equal %v, EqualFold %v", a, b, got, want)
		}
		for _, r := range foldKey(a) {
			if f := unicode.SimpleFold(r); f < r {
				t.Fatalf("foldKey(%q) has %q, not the least of its case orbit", a, r)
			}
		}
	})
}
