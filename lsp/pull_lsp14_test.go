package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// lsp14Diags is n diagnostics with text that JSON escapes (HTML
// characters, U+2028, bytes that are not UTF-8, quotes).
func lsp14Diags(n int) []Diagnostic {
	ds := make([]Diagnostic, n)
	for i := range ds {
		ds[i] = Diagnostic{
			Range:    Range{Position{i, 1}, Position{i, 7}},
			Severity: severityWarning, Code: "SL302", Source: "sqllint",
			Message:         fmt.Sprintf("finding %d: <b> & \"q\" \u2028 \xff é", i),
			CodeDescription: &codeDescription{Href: "https://example.com/SL302?a=1&b=<2>"},
		}
	}
	return ds
}

// TestPullAnswerBytes: the full report marshalled once is written as
// the report marshalled for each pull was, byte for byte, whatever the
// request ID (numbers, strings with characters JSON escapes, spacing a
// client left in it).
func TestPullAnswerBytes(t *testing.T) {
	for _, diags := range [][]Diagnostic{nil, {}, lsp14Diags(1), lsp14Diags(50)} {
		res := &result{diags: diags}
		res.id, res.full = pullAnswer(diags)
		for _, id := range []string{`7`, `-1.5e3`, `"x<&>\u2028"`, `"7"`, `null`, `{"a": [1, 2]}`} {
			var want, got bytes.Buffer
			if err := newConn(nil, &want).write(response{JSONRPC: "2.0", ID: json.RawMessage(id), Result: res.report("")}); err != nil {
				t.Fatal(err)
			}
			if err := newConn(nil, &got).reply(json.RawMessage(id), res.answer("")); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%d diagnostics, id %s:\n got %q\nwant %q", len(diags), id, got.Bytes(), want.Bytes())
			}
			// Another result ID than the client's: the full report too.
			got.Reset()
			_ = newConn(nil, &got).reply(json.RawMessage(id), res.answer("0123456789abcdef"))
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%d diagnostics, id %s, another previous ID: got %q", len(diags), id, got.Bytes())
			}
		}
		if r := res.answer(res.id); r != (documentDiagnosticReport{Kind: "unchanged", ResultID: res.id}) {
			t.Errorf("pull with the current result ID: %+v", r)
		}
	}
}

// TestPullMarshalledOnce: the pulls of one result write the bytes
// marshalled when it was made, not a report marshalled anew each (a
// flood of pulls of a document with many findings marshalled gigabytes).
func TestPullMarshalledOnce(t *testing.T) {
	s := New(strings.NewReader(""), io.Discard, Options{})
	res := &result{diags: lsp14Diags(5000)}
	res.id, res.full = pullAnswer(res.diags)
	d := &document{uri: "file:///x.sql", lint: true, result: res}
	s.docs[d.uri] = d
	params := mustJSON(t, documentDiagnosticParams{TextDocument: textDocumentIdentifier{URI: d.uri}})
	const pulls = 20
	s.initialized = true
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range pulls {
		s.handle(&message{JSONRPC: "2.0", ID: json.RawMessage(fmt.Sprint(i + 1)), Method: "textDocument/diagnostic", Params: json.RawMessage(params)})
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(len(res.full))/2 {
		t.Errorf("%d pulls of a %d-byte report allocated %d bytes: marshalled again", pulls, len(res.full), alloc)
	}
}
