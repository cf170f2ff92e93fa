package output

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// jsonStrings are the strings the hand-written encoder must print as
// encoding/json does.
var jsonStrings = []string{
	"", "plain", "with \"quotes\"", `back\slash`, "<b>&amp;</b>", "line\nbreak\r\ttab",
	"\x00\x01\x1b\x1f\x7f", "日本語", "\u2028\u2029", "bad \xff\xfe utf-8", "%SRCROOT%", "a/b:c.sql",
	"\b\f", "é\u0085", "sqllintFingerprint/v1",
}

func randomFinding(r *rand.Rand) report.Finding {
	s := func() string { return jsonStrings[r.Intn(len(jsonStrings))] }
	f := report.Finding{RuleID: s(), RuleName: s(), Severity: s(), Message: s(), Path: s(),
		Line: r.Intn(3), Column: r.Intn(3) - 1, EndLine: r.Intn(5), EndColumn: r.Intn(300)}
	if r.Intn(2) == 0 {
		f.Confirmed = s()
	}
	if r.Intn(2) == 0 {
		f.Fix = &report.Fix{Description: s()}
		for n := r.Intn(3); n > 0; n-- {
			f.Fix.Edits = append(f.Fix.Edits, report.Edit{Line: r.Intn(3), Column: r.Intn(3), EndLine: r.Intn(4), EndColumn: r.Intn(4), NewText: s()})
		}
		if f.Fix.Edits == nil && r.Intn(2) == 0 {
			f.Fix.Edits = []report.Edit{}
		}
	}
	return f
}

// indented is v as encodeJSON prints it at depth d of a document.
func indented(t *testing.T, v any, d int) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	prefix := ""
	for range d {
		prefix += "  "
	}
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// TestHandWrittenJSON: findings (json format) and SARIF results written by
// jw are the bytes encoding/json writes.
func TestHandWrittenJSON(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		f := randomFinding(r)
		want := printedFinding(f)
		var b bytes.Buffer
		w := jw{b: &b}
		w.finding(&f, 2)
		if got, exp := b.String(), indented(t, &want, 2); got != exp {
			t.Fatalf("finding %+v:\n got %s\nwant %s", f, got, exp)
		}

		res := sarifResultOf(&f, r.Intn(9), jsonStrings[r.Intn(len(jsonStrings))], []string{"", "/work/project/"}[r.Intn(2)])
		b.Reset()
		w.sarifResult(res, 4)
		if got, exp := b.String(), indented(t, res, 4); got != exp {
			t.Fatalf("sarif result of %+v:\n got %s\nwant %s", f, got, exp)
		}
	}
}

// TestHandWrittenGitLab: GitLab issues written by jw are the bytes
// encodeJSON writes, for no issue, one and several.
func TestHandWrittenGitLab(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	s := func() string { return jsonStrings[r.Intn(len(jsonStrings))] }
	for i := 0; i < 1000; i++ {
		issues := []gitlabIssue{}
		for n := r.Intn(4); n > 0; n-- {
			issues = append(issues, gitlabIssue{Description: s(), CheckName: s(), Fingerprint: s(), Severity: s(),
				Location: gitlabLocation{Path: s(), Lines: gitlabLines{Begin: r.Intn(3), End: r.Intn(3)}}})
		}
		var got, want bytes.Buffer
		var x gitlabStream
		x.begin(&got, "")
		for i := range issues {
			x.issue(&issues[i])
		}
		x.end()
		if err := encodeJSON(&want, issues); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("issues %+v:\n got %s\nwant %s", issues, got.String(), want.String())
		}
	}
}
