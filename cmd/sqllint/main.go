// Command sqllint checks SQL Server T-SQL deployment and migration scripts
// for statements that cost downtime: zero-filled files, too many files,
// checkpoint and recovery settings, backups that are not backups.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/trace"
	"strings"

	"github.com/sqllint/sqllint/internal/memlimit"
)

// Exit statuses.
const (
	exitOK       = 0 // nothing at or above --fail-on
	exitFindings = 1 // findings at or above --fail-on
	exitError    = 2 // usage, config or input errors
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = ""

// toolVersion is the version reports and the language server name: the
// one sqllint version prints, so that a report can be traced to the
// build that wrote it.
func toolVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return describeVersion(version, bi)
}

// memoryFloor is the soft heap limit of a run while its live heap is
// small: the garbage collector does not run below it. memoryCeiling is
// as high as the headroom for a scannable heap lifts the limit
// (internal/memlimit): above it the headroom is what is live, as with
// GOGC=100. Typical runs (a live heap of mostly pointer-free text) stay
// at the floor; the ceiling is below the peak of one 477 MB script,
// which its live heap sets.
const (
	memoryFloor   = 40 << 20
	memoryCeiling = 96 << 20
)

// versionLine is what sqllint version prints: the module version when
// built by go install module@version ("sqllint v0.2.0"), the
// pseudo-version Go stamps when built in a git checkout (it names the
// commit, and ends in +dirty when the tree had changes), else "(devel)"
// and the commit when the build recorded one.
func versionLine() string {
	bi, _ := debug.ReadBuildInfo()
	return "sqllint " + describeVersion(version, bi)
}

func describeVersion(ldflags string, bi *debug.BuildInfo) string {
	if ldflags != "" {
		return ldflags
	}
	if bi == nil {
		return "(devel)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" || v != "(devel)" {
		// a release, or a pseudo-version that names its commit already
		// (Go 1.24 and later stamp one in a checkout, +dirty included)
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return v + " " + rev
}

func main() {
	// The pipeline streams, so its live heap is small: the collector runs
	// rarely under a soft memory limit that follows the live heap, unless
	// the user set GOMEMLIMIT or GOGC.
	memlimit.Start(os.Getenv, memoryFloor, memoryCeiling)
	stop := startTrace(os.Getenv("SQLLINT_TRACE"))
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// startTrace writes an execution trace of the whole process to path
// (SQLLINT_TRACE, for studying where the cores idle; go tool trace reads
// it), and returns what ends it. Without a path it does nothing.
func startTrace(path string) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sqllint: SQLLINT_TRACE: %v\n", err)
		return func() {}
	}
	if err := trace.Start(f); err != nil {
		fmt.Fprintf(os.Stderr, "sqllint: SQLLINT_TRACE: %v\n", err)
		_ = f.Close()
		return func() {}
	}
	return func() {
		trace.Stop()
		_ = f.Close()
	}
}

const usage = `sqllint checks SQL Server deployment scripts for statements that cost downtime.

Usage:
  sqllint scan [flags] PATH...      check files and folders (- reads standard input)
  sqllint parse [--format json|text] PATH...
                                    show the statements sqllint understood
  sqllint rules                     list the rules
  sqllint explain SLnnn             show a rule's documentation
  sqllint init                      write a commented starter .sqllint.yaml
  sqllint lsp                       language server for editors (stdio)
  sqllint version                   print the version
  sqllint help [COMMAND | SLnnn]    a command's flags, or a rule's documentation

Run "sqllint scan -h" for the scan flags.
`

// env is what a command needs from its process, so that tests can run
// commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	lookupEnv      func(string) (string, bool)
	isTerminal     bool
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	e := &env{stdin: stdin, stdout: out, stderr: stderr, getenv: os.Getenv, lookupEnv: os.LookupEnv, isTerminal: isTerminal(stdout)}
	code := e.run(args)
	if out.err != nil && code != exitError {
		// what a command printed was lost (a full disk, a closed
		// descriptor): sqllint rules > file must not pass as written
		e.errorf("writing standard output: %v", out.err)
		return exitError
	}
	return code
}

// checkedWriter remembers the first error of the writes to w, for the
// commands that print with fmt.Fprint and do not look at its error.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

// ReadFrom keeps io.Copy's fast path of the writer (a spooled report
// copied file to file by the kernel when standard output is a file).
func (c *checkedWriter) ReadFrom(r io.Reader) (int64, error) {
	n, err := io.Copy(c.w, r)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

func (e *env) run(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage)
		return exitError
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "scan":
		return e.scan(rest)
	case "parse":
		return e.parse(rest)
	case "rules":
		return e.listRules(rest)
	case "explain":
		return e.explain(rest)
	case "init":
		return e.init(rest)
	case "lsp":
		return e.lsp(rest)
	case "version", "--version", "-version":
		if len(rest) == 1 && isHelpFlag(rest[0]) {
			fmt.Fprint(e.stdout, versionUsage)
			return exitOK
		}
		if len(rest) > 0 {
			e.errorf("version takes no arguments, got %q", rest[0])
			return exitError
		}
		fmt.Fprintln(e.stdout, versionLine())
		return exitOK
	case "help":
		return e.help(rest)
	case "-h", "-help", "--help":
		fmt.Fprint(e.stdout, usage)
		return exitOK
	}
	fmt.Fprintf(e.stderr, "sqllint: unknown command %q\n\n%s", cmd, usage)
	return exitError
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// errorf prints an error the way every sqllint error looks.
func (e *env) errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	// Every line is prefixed (a joined error, a newline in a file name),
	// so that no line starts with a path: a file named "::error::x.sql"
	// would be a GitHub workflow command in a CI log.
	for _, line := range strings.Split(strings.TrimRight(msg, "\n"), "\n") {
		fmt.Fprintln(e.stderr, "sqllint: "+oneLine(line))
	}
}

// note prints one line on stderr, "sqllint: " and the message with its
// control characters (a newline or an escape in a file name from a pull
// request) shown as control pictures, so that it stays one line.
func (e *env) note(format string, args ...any) {
	fmt.Fprintln(e.stderr, "sqllint: "+oneLine(strings.TrimRight(fmt.Sprintf(format, args...), "\n")))
}

// oneLine replaces the control characters of s, but tabs, with their
// Unicode control pictures (␊, ␛, ...), as the text format does.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return r
		case r < 0x20:
			return 0x2400 + r
		case r == 0x7f:
			return 0x2421
		case r >= 0x80 && r < 0xa0, r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			return 0xfffd // a C1 control, or a bidirectional one (it reorders the line)
		}
		return r
	}, s)
}
