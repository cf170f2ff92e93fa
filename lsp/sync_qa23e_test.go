package lsp

import (
	"encoding/json"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	u16 "unicode/utf16"
)

// refOffset is the byte offset of p in s, counted the way LSP 3.17
// counts it, independently of text: in UTF-16 code units (a character
// outside the BMP, 𝔘 or an emoji, is two), lines ending at CRLF, CR or
// LF, a character past the line's end meaning the end, one inside a
// surrogate pair the pair's start.
func refOffset(s string, p Position) int {
	u := u16.Encode([]rune(s))
	// byte offsets of each utf16 unit index
	boff := make([]int, 0, len(u)+1)
	b := 0
	for _, r := range s {
		boff = append(boff, b)
		if r >= 0x10000 {
			boff = append(boff, -1) // inside pair
		}
		b += len(string(r))
	}
	boff = append(boff, len(s))
	line, i := 0, 0
	for line < p.Line {
		for i < len(u) && u[i] != '\r' && u[i] != '\n' {
			i++
		}
		if i == len(u) {
			return len(s)
		}
		if u[i] == '\r' && i+1 < len(u) && u[i+1] == '\n' {
			i++
		}
		i++
		line++
	}
	j := i
	for j < len(u) && u[j] != '\r' && u[j] != '\n' && j-i < p.Character {
		j++
	}
	if boff[j] < 0 {
		j--
	}
	return boff[j]
}

// TestIncrementalEditsUTF16: incremental didChange edits, one by one
// and as a multi-cursor run in the order of the text (VS Code's), on
// lines holding characters outside the BMP and CRLF line ends, make the
// text the UTF-16 reference makes.
func TestIncrementalEditsUTF16(t *testing.T) {
	pieces := []string{"a", "\r\n", "\n", "\U0001D518", "\U0001F600", "é", "SELECT 1\r\n", "--x"}
	rng := rand.New(rand.NewSource(9))
	for round := 0; round < 3000; round++ {
		var sb strings.Builder
		for n := rng.Intn(30); n > 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		ref := sb.String()
		var tx text
		tx.set(ref)
		// each change's range is in the text the changes before it
		// left; most runs go first to last through the text
		var cs []contentChange
		lines := strings.Count(ref, "\n") + 2
		last := 0
		asc := rng.Intn(3) > 0
		for n := rng.Intn(20); n > 0; n-- {
			p1 := Position{Line: rng.Intn(lines), Character: rng.Intn(12)}
			if asc {
				ok := false
				for try := 0; try < 50; try++ {
					p1 = Position{Line: rng.Intn(lines), Character: rng.Intn(12)}
					if refOffset(ref, p1) >= last {
						ok = true
						break
					}
				}
				if !ok {
					break
				}
			}
			p2 := p1
			if rng.Intn(2) == 0 {
				p2.Character += rng.Intn(3)
			}
			a, b := refOffset(ref, p1), refOffset(ref, p2)
			ins := pieces[rng.Intn(len(pieces))]
			if b < a {
				a, b = b, a
			}
			ref = ref[:a] + ins + ref[b:]
			last = a + len(ins)
			cs = append(cs, contentChange{Range: &Range{Start: p1, End: p2}, Text: ins})
		}
		tx.applyAll(cs, utf16)
		if tx.s != ref {
			t.Fatalf("round %d: %q\nchanges %+v\ngot  %q\nwant %q", round, sb.String(), cs, tx.s, ref)
		}
	}
}

// TestDocumentSyncEdges pins what the server does with a client that
// breaks the rules of document synchronisation:
//   - a didChange whose version is lower than the document's: the
//     stream is ordered, so its changes apply to the text the server has
//     (dropping them would leave it out of step with the client for
//     good), and the client's version is the one the diagnostics and
//     the fixes name;
//   - a didOpen of a document already open: the new text and version
//     replace the old ones;
//   - every request after shutdown: InvalidRequest (LSP 3.17).
func TestDocumentSyncEdges(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "V1.sql"))
	c := newClient(t, Options{})
	c.initialize(`{"workspace":{"workspaceEdit":{"documentChanges":true}},"textDocument":`+literalSupport+`}`, `null`)
	c.notify("textDocument/didOpen", didOpenParams{TextDocument: textDocumentItem{URI: uri, LanguageID: "sql", Version: 5, Text: "PRINT N'\U0001D518';\r\nCHECKPOINT;\r\n"}})
	if got := codes(c.diagnostics(uri, 5)); len(got) != 0 {
		t.Fatalf("v5: %v, want none", got)
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 3},
		"contentChanges": []contentChange{{Range: &Range{Start: Position{1, 10}, End: Position{1, 10}}, Text: " 30"}},
	})
	ds := c.diagnostics(uri, 3)
	if d := find(ds, "SL302"); d == nil || d.Range.Start != (Position{1, 0}) {
		t.Fatalf("v3: %+v, want SL302 on line 1", ds)
	}
	p := codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}}
	p.Range = ds[0].Range
	p.Context.Diagnostics = ds
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", p), &actions)
	if len(actions) == 0 || actions[0].Edit == nil || len(actions[0].Edit.DocumentChanges) != 1 || actions[0].Edit.DocumentChanges[0].TextDocument.Version != 3 {
		t.Errorf("actions %+v, want edits of version 3", actions)
	}

	c.notify("textDocument/didOpen", didOpenParams{TextDocument: textDocumentItem{URI: uri, LanguageID: "sql", Version: 9, Text: "PRINT 1;\n"}})
	if got := codes(c.diagnostics(uri, 9)); len(got) != 0 {
		t.Errorf("opened again: %v, want none", got)
	}

	if m := c.call("shutdown", nil); m.Error != nil {
		t.Fatalf("shutdown: %v", m.Error)
	}
	for _, method := range []string{"shutdown", "initialize", "textDocument/codeAction", "textDocument/diagnostic", "workspace/executeCommand", "$/unknown", "no/such/method"} {
		if m := c.call(method, json.RawMessage(`{}`)); m.Error == nil || m.Error.Code != codeInvalidRequest {
			t.Errorf("%s after shutdown: %s %+v, want InvalidRequest", method, m.Result, m.Error)
		}
	}
}
