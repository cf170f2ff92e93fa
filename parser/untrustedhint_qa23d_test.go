package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefusedIncludeHintUntrusted: a refused :r says how to allow it.
// Under --untrusted-config (UntrustedConfig) the config's include-roots
// and include-outside are ignored, so the hint names what the command
// line can do instead, for a folder outside and a hidden one alike, and
// so does MayRead's error for a symbolic link.
func TestRefusedIncludeHintUntrusted(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"shared/x.sql": "SELECT 1;\n", "db/.hidden/y.sql": "SELECT 2;\n"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := filepath.Join(dir, "db")
	f := NewFile(filepath.Join(db, "a.sql"), ":r ../shared/x.sql\n:r .hidden/y.sql\n")
	for _, untrusted := range []bool{false, true} {
		opt := &PreprocessOptions{Roots: []string{db}, UntrustedConfig: untrusted}
		s := Preprocess(f, opt)
		var msgs []string
		for _, d := range s.Diags {
			msgs = append(msgs, d.Message)
		}
		if err := opt.MayRead(filepath.Join(dir, "shared", "x.sql")); err != nil {
			msgs = append(msgs, err.Error())
		}
		if len(msgs) != 3 {
			t.Fatalf("untrusted %v: %q", untrusted, msgs)
		}
		for _, m := range msgs {
			if got := strings.Contains(m, "include-roots: in the config file") || strings.Contains(m, "include-outside: true"); got == untrusted {
				t.Errorf("untrusted %v: %q", untrusted, m)
			}
			if untrusted && !strings.Contains(m, "--untrusted-config") {
				t.Errorf("untrusted: %q does not say why the config's keys do not help", m)
			}
		}
	}
}

// TestEnvDeniedHintUntrusted: a $(NAME) set only in the environment says
// how to allow it; under --untrusted-config the config's env: is
// ignored, so the hint names --env and -v only.
func TestEnvDeniedHintUntrusted(t *testing.T) {
	env := func(name string) (string, bool) { return "Sales", name == "TARGETDB" }
	f := NewFile("a.sql", "USE [$(TARGETDB)];\n")
	for _, untrusted := range []bool{false, true} {
		s := Preprocess(f, &PreprocessOptions{Env: env, UntrustedConfig: untrusted})
		if len(s.Diags) != 1 {
			t.Fatalf("untrusted %v: %v", untrusted, s.Diags)
		}
		m := s.Diags[0].Message
		if strings.Contains(m, "env: in the config file") == untrusted || !strings.Contains(m, "--env TARGETDB") {
			t.Errorf("untrusted %v: %q", untrusted, m)
		}
		if untrusted && !strings.Contains(m, "--untrusted-config") {
			t.Errorf("untrusted: %q does not say why the config's env: does not help", m)
		}
	}
}

// TestTooLargeHintUntrusted: an include over max-file-size says to raise
// it in the config; under --untrusted-config a limit above the default
// is ignored, so the message says that rather than advise it.
func TestTooLargeHintUntrusted(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "big.sql"), []byte("SELECT 1;\n-- "+strings.Repeat("x", 100)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// over the default limit: sparse, so it takes no room on disk
	huge, err := os.Create(filepath.Join(dir, "huge.sql"))
	if err != nil {
		t.Fatal(err)
	}
	if err := huge.Truncate(DefaultMaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	huge.Close()
	for _, c := range []struct {
		file      string
		untrusted bool
		max       int64
		raise     bool
	}{
		{"big.sql", false, 10, true},
		{"big.sql", true, 10, true}, // a lowered limit may be raised back to the default
		{"huge.sql", false, 0, true},
		{"huge.sql", true, 0, false},
	} {
		f := NewFile(filepath.Join(dir, "a.sql"), ":r "+c.file+"\n")
		s := Preprocess(f, &PreprocessOptions{Roots: []string{dir}, MaxFileSize: c.max, UntrustedConfig: c.untrusted})
		if len(s.Diags) != 1 {
			t.Fatalf("%+v: %v", c, s.Diags)
		}
		if m := s.Diags[0].Message; strings.Contains(m, "raise max-file-size") != c.raise || !c.raise && !strings.Contains(m, "--untrusted-config") {
			t.Errorf("%+v: %q", c, m)
		}
	}
}
