package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sqllint/sqllint/parser"
)

// pipelineSeeds are the fixtures and examples, and scripts in UTF-16 and
// UTF-8 with byte order marks and CRLF.
func pipelineSeeds() [][]byte {
	var seeds [][]byte
	for _, dir := range []string{"../../testdata/rules", "../../examples/migrations"} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.sql"))
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil && len(data) < 8<<10 {
				seeds = append(seeds, data)
			}
		}
	}
	return append(seeds,
		[]byte("\xff\xfeC\x00H\x00E\x00C\x00K\x00P\x00O\x00I\x00N\x00T\x00 \x001\x000\x00\r\x00\n\x00"),
		[]byte("\xef\xbb\xbfUSE Sales\r\nCHECKPOINT 5\r\nBACKUP DATABASE Sales TO DISK = 'x'\r\n"))
}

// TestPipelineSeeds runs whole scans of the fixtures through every output
// format, then --fix twice and --diff on a copy (checkPipeline).
func TestPipelineSeeds(t *testing.T) {
	for i, src := range pipelineSeeds() {
		t.Run(strconv.Itoa(i), func(t *testing.T) { checkPipeline(t, src) })
	}
}

// TestPipelineMutations runs checkPipeline over random mutations of the
// seeds: 40 by default, SQLLINT_AUDIT_MUTATIONS to hunt longer (with
// SQLLINT_AUDIT_SEED; a failing input is written to the temporary
// folder). Whole-process runs are too slow for the fuzzer.
func TestPipelineMutations(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SQLLINT_AUDIT_MUTATIONS"))
	if n == 0 {
		n = 40
	}
	if testing.Short() {
		n = 5
	}
	seeds := pipelineSeeds()
	seed, _ := strconv.ParseUint(os.Getenv("SQLLINT_AUDIT_SEED"), 10, 64)
	r := rand.New(rand.NewPCG(seed, 1))
	frags := []string{"/*", "*/", "'", "N'", "[", "]]", "]", "\"", "(", ")", "GO\n", "\nGO 3\n", "\n:r inc.sql\n",
		"\n:r a.sql\n", "\n:setvar X 1\n", "$(", "$(X)", "$(DatabaseName)", "\x00", "\r", "\r\n", "BEGIN ", " END", "--", "\n",
		"CHECKPOINT 10\n", "BACKUP DATABASE Sales TO DISK = 'NUL'\n", "USE Sales\n", "ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS\n",
		"MODIFY FILE (NAME = a, SIZE = 99GB)", "ADD FILE (NAME = b, SIZE = 10TB)", "\xff", "\xc3", "é", "WHILE 1=1 ", ";", ",", "=", "%", "\n:connect x\n",
		"SIZE = ", "FILEGROWTH = 10%", " LOG ON ", "\x1a", "\t", "-- sqllint:ignore SL302 why\n", "IF 1=1 ", "ELSE ", "CREATE PROCEDURE p AS\n"}
	for i := range n {
		src := slices.Clone(seeds[r.IntN(len(seeds))])
		for range 1 + r.IntN(6) {
			at := 0
			if len(src) > 0 {
				at = r.IntN(len(src) + 1)
			}
			switch r.IntN(4) {
			case 0:
				src = slices.Insert(src, at, []byte(frags[r.IntN(len(frags))])...)
			case 1:
				if at < len(src) {
					src = slices.Delete(src, at, min(len(src), at+1+r.IntN(20)))
				}
			case 2:
				if at < len(src) {
					src[at] = byte(r.IntN(256))
				}
			case 3:
				o := seeds[r.IntN(len(seeds))]
				a := r.IntN(len(o) + 1)
				b := min(len(o), a+r.IntN(200))
				src = slices.Insert(src, at, o[a:b]...)
			}
		}
		ok := t.Run(strconv.Itoa(i), func(t *testing.T) { checkPipeline(t, src) })
		if !ok {
			_ = os.WriteFile(filepath.Join(os.TempDir(), "sqllint-mutation-"+strconv.Itoa(i)+".sql"), src, 0o644)
		}
	}
}

// checkPipeline scans src as a.sql (with an inc.sql it may include) in
// every format: nothing may panic, every position must lie in its file,
// every format must parse; then --fix twice and --diff: the second --fix
// and the --diff change nothing, and the byte order mark stays.
func checkPipeline(t *testing.T, src []byte) {
	{
		dir := t.TempDir()
		path := filepath.Join(dir, "a.sql")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "inc.sql"), []byte("CHECKPOINT 5\nGO\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		file, decodeErr := parser.Decode(path, src)
		out := func(name string) string { return filepath.Join(t.TempDir(), name) }
		files := map[string]string{}
		args := []string{"scan", "--no-config", "--fail-on", "never", "-v", "DatabaseName=Sales"}
		for _, format := range []string{"json", "sarif", "checkstyle", "junit", "gitlab", "github", "azure", "text"} {
			files[format] = out(format)
			args = append(args, "--format", format+"="+files[format])
		}
		code, stderr := scanOnce(t, append(args, path))
		if decodeErr != nil {
			if code != exitError {
				t.Fatalf("undecodable file: exit %d, want %d", code, exitError)
			}
			return
		}
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var doc struct {
			Findings []struct {
				Rule, File                       string
				Line, Column, EndLine, EndColumn int
				Message                          string
			}
		}
		readJSON(t, files["json"], &doc)
		for _, fd := range doc.Findings {
			if fd.Message == "" {
				t.Fatalf("%s: empty message", fd.Rule)
			}
			f := file
			if filepath.Base(fd.File) == "inc.sql" {
				f = parser.NewFile("inc.sql", "CHECKPOINT 5\nGO\n")
			}
			checkPos(t, f, fd.Rule, fd.Line, fd.Column)
			if fd.EndLine != 0 {
				checkPos(t, f, fd.Rule+" end", fd.EndLine, fd.EndColumn)
			}
		}
		var v any
		readJSON(t, files["sarif"], &v)
		readJSON(t, files["gitlab"], &v)
		checkXML(t, files["checkstyle"])
		checkXML(t, files["junit"])

		// --fix twice: the second finds nothing left to fix.
		if code, stderr := scanOnce(t, []string{"scan", "--no-config", "--fail-on", "never", "-v", "DatabaseName=Sales", "--fix", path}); code != exitOK {
			t.Fatalf("--fix: exit %d: %s", code, stderr)
		}
		once, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if bom := bomOf(src); !bytes.HasPrefix(once, []byte(bom)) {
			t.Fatalf("--fix lost the byte order mark %q", bom)
		}
		if code, stderr := scanOnce(t, []string{"scan", "--no-config", "--fail-on", "never", "-v", "DatabaseName=Sales", "--fix", path}); code != exitOK {
			t.Fatalf("second --fix: exit %d: %s", code, stderr)
		}
		twice, _ := os.ReadFile(path)
		if !bytes.Equal(once, twice) {
			t.Fatalf("a second --fix changed the file:\n%q\n%q", once, twice)
		}
		var diff bytes.Buffer
		if code := run([]string{"scan", "--no-config", "--fail-on", "never", "-v", "DatabaseName=Sales", "--diff", path}, strings.NewReader(""), &diff, io.Discard); code != exitOK {
			t.Fatalf("--diff after --fix: exit %d", code)
		}
		if diff.Len() != 0 {
			t.Fatalf("--diff after --fix prints a diff:\n%s", diff.String())
		}
	}
}

func scanOnce(t *testing.T, args []string) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	code := run(args, strings.NewReader(""), io.Discard, &stderr)
	if strings.Contains(stderr.String(), "panic") || strings.Contains(stderr.String(), "goroutine") {
		t.Fatalf("%v: %s", args, stderr.String())
	}
	return code, stderr.String()
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(path), err, data)
	}
}

func checkXML(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(path), err, data)
		}
	}
}

// checkPos fails unless line:column (1-based, columns in characters)
// lies in f, or just after the end of a line.
func checkPos(t *testing.T, f *parser.File, what string, line, col int) {
	t.Helper()
	if line < 1 || line > max(f.Lines(), 1) {
		t.Fatalf("%s: line %d outside the file's %d lines", what, line, f.Lines())
	}
	text, _ := f.Line(line)
	if n := utf8.RuneCountInString(text); col < 1 || col > n+1 {
		t.Fatalf("%s: %d:%d outside line %q (%d characters)", what, line, col, text, n)
	}
}

func bomOf(b []byte) string {
	for _, bom := range []string{"\xef\xbb\xbf", "\xff\xfe", "\xfe\xff"} {
		if bytes.HasPrefix(b, []byte(bom)) {
			return bom
		}
	}
	return ""
}
