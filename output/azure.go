package output

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/sqllint/sqllint/report"
)

// Azure Pipelines logging commands
// (https://learn.microsoft.com/azure/devops/pipelines/scripts/logging-commands):
//
//	##vso[task.logissue type=error;sourcepath=PATH;linenumber=L;columnnumber=C;code=SL302;]SL302 checkpoint-duration: message
//
// task.logissue knows only error and warning, so info findings are printed
// as plain log lines (PATH:L:C: info SL302 name: message, as in the text
// format) that neither add an issue nor affect the build result.
//
// Escaping follows azure-pipelines-task-lib (node/taskcommand.ts) and the
// agent's CommandStringConvertor: in the message % → %AZP25, CR → %0D,
// LF → %0A; in property values additionally ; → %3B and ] → %5D. (The
// agent decodes %AZP25 back to %; the older %25 was dropped because it
// collided with URL encoding.)
//
// The agent looks for "##vso[" anywhere in a line, so the plain info lines
// defuse any "##vso[" (and a leading "##[" formatting command) in paths
// and messages by writing its "[" as %5B.

var (
	azureData = strings.NewReplacer("%", "%AZP25", "\r", "%0D", "\n", "%0A")
	azureProp = strings.NewReplacer("%", "%AZP25", "\r", "%0D", "\n", "%0A", ";", "%3B", "]", "%5D")

	azureCommandPattern = regexp.MustCompile(`(?i)##(vso)?\[`)
)

// Other control characters (ESC, ...) are replaced by their Unicode
// control pictures before escaping, as in the text format.
func azureDataOf(s string) string { return azureData.Replace(cleanLine(s)) }
func azurePropOf(s string) string { return azureProp.Replace(cleanLine(s)) }

func writeAzure(b *bytes.Buffer, r *report.Report, opt Options) error {
	return writeStreamed(b, "azure", r, opt)
}

// azureFinding writes one finding's command, the path escaped once for
// the findings of a file (path), or an info finding's plain line.
func azureFinding(b *bytes.Buffer, f *report.Finding, path *pathProp) {
	sev := severity(f.Severity)
	if sev == report.Info {
		var line bytes.Buffer
		textFinding(&line, f, false, false, nil)
		b.WriteString(azureDefuse(line.String()))
		return
	}
	b.WriteString("##vso[task.logissue type=")
	b.WriteString(sev)
	b.WriteByte(';')
	if f.Path != "" { // run-level findings (live mode) have no file
		b.WriteString("sourcepath=")
		b.WriteString(path.of(f.Path, azurePropOf))
		b.WriteByte(';')
	}
	if f.Line > 0 && f.Path != "" {
		writeProp(b, "linenumber=", f.Line)
		b.WriteByte(';')
		if f.Column > 0 {
			writeProp(b, "columnnumber=", f.Column)
			b.WriteByte(';')
		}
	}
	if f.RuleID != "" {
		b.WriteString("code=")
		b.WriteString(azurePropOf(f.RuleID))
		b.WriteByte(';')
	}
	b.WriteString("]")
	msg := message(f)
	if label := ruleLabel(f); label != "" {
		msg = label + ": " + msg
	}
	b.WriteString(azureDataOf(msg))
	b.WriteByte('\n')
}

// azureErrors writes the input errors' commands.
func azureErrors(b *bytes.Buffer, errs []report.InputError) {
	for _, e := range errs {
		b.WriteString("##vso[task.logissue type=error;")
		if e.Path != "" {
			b.WriteString("sourcepath=" + azurePropOf(e.Path) + ";")
		}
		b.WriteString("]")
		b.WriteString(azureDataOf(e.Message))
		b.WriteByte('\n')
	}
}

// azureDefuse rewrites "##vso[" and "##[" in a plain log line so the agent
// does not take it for a command.
func azureDefuse(s string) string {
	return azureCommandPattern.ReplaceAllStringFunc(s, func(m string) string {
		return m[:len(m)-1] + "%5B"
	})
}
