package output

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/report"
)

// GitHub Actions workflow commands
// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions):
//
//	::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=SL302 checkpoint-duration::message
//
// Escaping follows @actions/toolkit (packages/core/src/command.ts) and the
// runner's unescaping (ActionCommand.cs): in the data (message) % → %25,
// CR → %0D, LF → %0A; in property values additionally : → %3A and , → %2C.
//
// The runner drops col and endColumn when line and endLine differ
// (IssueCommandExtension.ValidateLinesAndColumns), so for multi-line
// ranges they are left out.

var (
	githubData = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	githubProp = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// Other control characters (ESC, ...) are replaced by their Unicode
// control pictures before escaping, as in the text format.
func githubDataOf(s string) string { return githubData.Replace(cleanLine(s)) }
func githubPropOf(s string) string { return githubProp.Replace(cleanLine(s)) }

func githubCommand(sev string) string {
	switch severity(sev) {
	case report.Error:
		return "error"
	case report.Warning:
		return "warning"
	default:
		return "notice"
	}
}

func writeGitHub(b *bytes.Buffer, r *report.Report, opt Options) error {
	return writeStreamed(b, "github", r, opt)
}

// githubFinding writes one finding's command, written piece by piece, the
// path escaped once for the findings of a file (path): a string built
// for every piece was most of the format's cost.
func githubFinding(b *bytes.Buffer, f *report.Finding, path *pathProp) {
	b.WriteString("::")
	b.WriteString(githubCommand(f.Severity))
	b.WriteByte(' ')
	props := 0
	if f.Path != "" { // run-level findings (live mode) have no file
		b.WriteString("file=")
		b.WriteString(path.of(f.Path, githubPropOf))
		props++
	}
	if f.Line > 0 && f.Path != "" {
		writeProp(b, ",line=", f.Line)
		single := f.EndLine <= f.Line
		if f.Column > 0 && single {
			writeProp(b, ",col=", f.Column)
		}
		if f.EndLine > f.Line {
			writeProp(b, ",endLine=", f.EndLine)
		} else {
			writeProp(b, ",endLine=", f.Line)
		}
		if f.EndColumn > 0 && f.Column > 0 && single {
			writeProp(b, ",endColumn=", f.EndColumn)
		}
	}
	if title := ruleLabel(f); title != "" {
		if props > 0 {
			b.WriteByte(',')
		}
		b.WriteString("title=")
		b.WriteString(githubPropOf(title))
	}
	b.WriteString("::")
	b.WriteString(githubDataOf(message(f)))
	b.WriteByte('\n')
}

// githubErrors writes the input errors' commands.
func githubErrors(b *bytes.Buffer, errs []report.InputError) {
	for _, e := range errs {
		b.WriteString("::error")
		if e.Path != "" {
			b.WriteString(" file=" + githubPropOf(e.Path))
		}
		b.WriteString("::")
		b.WriteString(githubDataOf(e.Message))
		b.WriteByte('\n')
	}
}

// pathProp is the last path a line format escaped, and its escaped form:
// a file's findings come together.
type pathProp struct {
	path, prop string
	set        bool
}

func (p *pathProp) of(path string, escape func(string) string) string {
	if !p.set || path != p.path {
		p.path, p.prop, p.set = path, escape(path), true
	}
	return p.prop
}

// writeProp writes name (with its separator and '=') and the number n.
func writeProp(b *bytes.Buffer, name string, n int) {
	var a [20]byte
	b.WriteString(name)
	b.Write(strconv.AppendInt(a[:0], int64(n), 10))
}
