package output

import (
	"bytes"

	"github.com/sqllint/sqllint/report"
)

// GitLab Code Quality report (artifacts:reports:codequality), the subset of
// the Code Climate issue format GitLab reads
// (https://docs.gitlab.com/ci/testing/code_quality/#implement-a-custom-tool):
// a JSON array of objects with description, check_name, fingerprint,
// severity (info, minor, major, critical, blocker), location.path and
// location.lines.begin. GitLab ignores other Code Climate fields, so
// none are written; lines.end is written (Code Climate's end line).
//
// Severity: error → major, warning → minor, info → info. The fingerprint
// is the SARIF one (rule, path, trimmed line text, occurrence counter):
// GitLab shows findings with identical fingerprints as one entry and
// compares them between the source and target branch, so it must be
// unique and survive lines moving.
//
// location.path must be relative to the repository: an absolute path
// inside Options.SrcRoot is made relative to it (others are kept as they
// are).
//
// A run-level finding (live mode: about the server, no file) is placed at
// line 1 of Options.RunPath, as SARIF places it, its description saying
// so: location.path must name a file of the repository. Without RunPath
// its path is "".
//
// Input errors become issues with check_name "input-error" and severity
// major at line 1, so an unreadable file is not silently missing from the
// merge request widget.

type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
	End   int `json:"end,omitempty"`
}

func gitlabSeverity(sev string) string {
	switch severity(sev) {
	case report.Error:
		return "major"
	case report.Warning:
		return "minor"
	default:
		return "info"
	}
}

func writeGitLab(b *bytes.Buffer, r *report.Report, opt Options) error {
	return writeStreamed(b, "gitlab", r, opt)
}

// gitlabFindingIssue is the issue of finding f, whose fingerprint is fp;
// a run-level finding goes to runPath (Options.RunPath), if any.
func gitlabFindingIssue(f *report.Finding, fp, root, runPath string) gitlabIssue {
	begin := max(f.Line, 1)
	issue := gitlabIssue{
		Description: ruleLabel(f) + ": " + message(f),
		CheckName:   f.RuleID,
		Fingerprint: fp,
		Severity:    gitlabSeverity(f.Severity),
		Location:    gitlabLocation{Path: relToRoot(f.Path, root), Lines: gitlabLines{Begin: begin}},
	}
	if f.Path == "" && runPath != "" {
		issue.Description = ruleLabel(f) + ": " + runLevelNote + message(f)
		issue.Location.Path = relToRoot(runPath, root)
	}
	if f.EndLine >= begin {
		issue.Location.Lines.End = f.EndLine
	} else {
		issue.Location.Lines.End = begin
	}
	return issue
}

// gitlabErrorIssue is the issue of input error e.
func gitlabErrorIssue(e *report.InputError, root string) gitlabIssue {
	return gitlabIssue{
		Description: e.Message,
		CheckName:   "input-error",
		Fingerprint: inputErrorFingerprint(e),
		Severity:    "major",
		Location:    gitlabLocation{Path: relToRoot(e.Path, root), Lines: gitlabLines{Begin: 1, End: 1}},
	}
}

// gitlabStream prints the issues as the findings come (Stream), the
// input errors' issues at the end.
type gitlabStream struct {
	started bool
	root    string
	fp      fingerprinter
	w       jw
}

// begin points the writer at b, and opens the array the first time.
func (x *gitlabStream) begin(b *bytes.Buffer, root string) {
	x.w.b = b
	if !x.started {
		x.started = true
		x.root = root
		x.w.begin(1)
		x.w.open('[')
		x.w.end()
	}
}

// end closes the array.
func (x *gitlabStream) end() {
	x.w.begin(1)
	x.w.close(']')
	x.w.end()
	x.w.b.WriteByte('\n')
}

func (x *gitlabStream) issue(is *gitlabIssue) {
	x.w.begin(256)
	x.w.elem()
	x.w.gitlabIssue(is)
	x.w.end()
}

func (x *gitlabStream) add(s *Stream, b *bytes.Buffer, fs []report.Finding) error {
	x.begin(b, srcRootSlash(s.opt.SrcRoot))
	for i := range fs {
		f := &fs[i]
		text, _ := s.lineOf(f)
		is := gitlabFindingIssue(f, x.fp.next(f, text), x.root, s.opt.RunPath)
		x.issue(&is)
	}
	return nil
}

func (x *gitlabStream) close(s *Stream, b *bytes.Buffer, r *report.Report) error {
	x.begin(b, srcRootSlash(s.opt.SrcRoot))
	for i := range r.Errors {
		is := gitlabErrorIssue(&r.Errors[i], x.root)
		x.issue(&is)
	}
	x.end()
	return nil
}

// gitlabIssue writes is as encodeJSON does, at the writer's depth.
func (w *jw) gitlabIssue(is *gitlabIssue) {
	w.open('{')
	w.keyStr("description", is.Description)
	w.keyStr("check_name", is.CheckName)
	w.keyStr("fingerprint", is.Fingerprint)
	w.keyStr("severity", is.Severity)
	w.key("location")
	w.open('{')
	w.keyStr("path", is.Location.Path)
	w.key("lines")
	w.open('{')
	w.keyNum("begin", is.Location.Lines.Begin)
	if is.Location.Lines.End != 0 {
		w.keyNum("end", is.Location.Lines.End)
	}
	w.close('}')
	w.close('}')
	w.close('}')
}
