package output

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"unsafe"

	"github.com/sqllint/sqllint/report"
)

// jw writes the findings of the json format and the results of the sarif
// format by hand, byte for byte as encodeJSON (encoding/json, 2-space
// indentation, no HTML escaping) writes them: a run prints one of them
// per finding, and reflection was most of the cost of printing. A string
// of printable ASCII without '"' or '\' is written as it is; any other is
// left to encoding/json.
type jw struct {
	b      *bytes.Buffer
	d      []byte // what is being written, appended to b's free space (begin)
	indent int    // depth of the value being written
	first  bool   // no member written yet in the current object or array
	enc    *json.Encoder
	tmp    bytes.Buffer
	// plain holds jsonPlain of the last strings written (plainMin bytes
	// or more), by where their bytes are: a finding's rule, name,
	// severity, path and message are the same strings finding after
	// finding (the rules repeat a message as one string), tested once
	// rather than up to a few hundred bytes each time. A slot answers
	// only for the string it holds (compared: equal pointers first).
	plain *[plainSlots]plainEntry
	// keys holds what key writes before each member of a finding, at
	// the depth of the last finding written (findingKeys)
	keys *findingKeys
}

// findingKeys is what key writes before each member of a finding (a
// comma but before the first, a line break, the indentation and the
// quoted key), at depth indent: one append a member, not five.
type findingKeys struct {
	indent                                                             int
	rule, name, severity, message, file, line, column, endLine, endCol string
}

// findingKeysAt is w's findingKeys at depth indent, made once a depth.
func (w *jw) findingKeysAt(indent int) *findingKeys {
	if k := w.keys; k != nil && k.indent == indent {
		return k
	}
	at := func(key string) string {
		t := jw{indent: indent, first: key == "rule"}
		t.key(key)
		return string(t.d)
	}
	w.keys = &findingKeys{indent: indent, rule: at("rule"),
		name: at("name"), severity: at("severity"), message: at("message"), file: at("file"),
		line: at("line"), column: at("column"), endLine: at("end_line"), endCol: at("end_column")}
	return w.keys
}

type plainEntry struct {
	s  string
	ok bool
}

// plainSlots is the size of jw's table of strings tested; plainMin the
// length from which a string is looked up there.
const (
	plainSlots = 64
	plainMin   = 4
)

// isPlain is jsonPlain(s), through w's table for a long s.
func (w *jw) isPlain(s string) bool {
	if len(s) < plainMin {
		return jsonPlain(s)
	}
	if w.plain == nil {
		w.plain = new([plainSlots]plainEntry)
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	e := &w.plain[(p>>3^p>>9^uintptr(len(s)))%plainSlots]
	if e.s != s {
		e.s, e.ok = s, jsonPlain(s)
	}
	return e.ok
}

// begin starts a value written to w.b: it is appended to the buffer's
// free space, with room for about n bytes, and written at once by end,
// not a piece at a time.
func (w *jw) begin(n int) {
	w.b.Grow(n)
	w.d = w.b.AvailableBuffer()
}

// end writes to w.b what was written since begin.
func (w *jw) end() {
	w.b.Write(w.d)
	w.d = nil
}

// newlineIndent is a line break and the indentation of 31 levels.
const newlineIndent = "\n                                                              "

func (w *jw) newline() {
	if n := 1 + 2*w.indent; n <= len(newlineIndent) {
		w.d = append(w.d, newlineIndent[:n]...) // one write, not one per level
		return
	}
	w.d = append(w.d, '\n')
	for range w.indent {
		w.d = append(w.d, "  "...)
	}
}

// open starts an object ('{') or array ('[').
func (w *jw) open(c byte) {
	w.d = append(w.d, c)
	w.indent++
	w.first = true
}

// close ends an object ('}') or array (']'); an empty one stays "{}".
func (w *jw) close(c byte) {
	w.indent--
	if !w.first {
		w.newline()
	}
	w.d = append(w.d, c)
	w.first = false
}

// elem starts the next element of an array.
func (w *jw) elem() {
	if !w.first {
		w.d = append(w.d, ',')
	}
	w.first = false
	w.newline()
}

// key starts the member named k of an object. Keys are the formats'
// own names, printable ASCII without '"' or '\\': written as they are.
func (w *jw) key(k string) {
	w.elem()
	w.d = append(w.d, '"')
	w.d = append(w.d, k...)
	w.d = append(w.d, "\": "...)
}

// mapKey starts the member of a map named k, which is escaped as needed.
func (w *jw) mapKey(k string) {
	w.elem()
	w.str(k)
	w.d = append(w.d, ": "...)
}

func (w *jw) str(s string) {
	if !w.isPlain(s) {
		w.strJSON(s)
		return
	}
	w.d = append(w.d, '"')
	w.d = append(w.d, s...)
	w.d = append(w.d, '"')
}

// jsonPlain reports whether s is printable ASCII without '"' or '\\'
// (what encoding/json writes as it is), eight bytes at a time.
func jsonPlain(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !plainWord(word8(s[i : i+8])) {
			return false
		}
	}
	if i < len(s) && len(s) >= 8 {
		// the last bytes, as the last eight (read again in part)
		return plainWord(word8(s[len(s)-8:]))
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// plainWord reports whether the eight bytes of x are each printable
// ASCII and neither '"' nor '\\' (jsonPlain).
func plainWord(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, bs := x^ones*'"', x^ones*'\\'
	// a byte below 0x20 or of 0x7f or above (as printableASCII), or a
	// byte that is '"' or '\\' (a zero byte of q or bs)
	return ((x-ones*0x20)&^x|x|(x+ones)|(q-ones)&^q|(bs-ones)&^bs)&highs == 0
}

// strJSON writes s as encoding/json does.
func (w *jw) strJSON(s string) {
	if w.enc == nil {
		w.enc = json.NewEncoder(&w.tmp)
		w.enc.SetEscapeHTML(false)
	}
	w.tmp.Reset()
	_ = w.enc.Encode(s) // a string always encodes
	w.d = append(w.d, bytes.TrimSuffix(w.tmp.Bytes(), []byte("\n"))...)
}

func (w *jw) num(n int) {
	w.d = strconv.AppendInt(w.d, int64(n), 10)
}

func (w *jw) keyStr(k, v string) { w.key(k); w.str(v) }
func (w *jw) keyNum(k string, v int) {
	w.key(k)
	w.num(v)
}

// finding writes a report.Finding as the json format prints it (Fix
// edits never null), at depth indent.
func (w *jw) finding(f *report.Finding, indent int) {
	w.begin(len(f.RuleID) + len(f.RuleName) + len(f.Severity) + len(f.Message) + len(f.Path) + 256)
	w.indent = indent
	w.open('{')
	k := w.findingKeysAt(w.indent)
	w.first = false
	for _, m := range [...]struct{ start, v string }{{k.rule, f.RuleID}, {k.name, f.RuleName},
		{k.severity, f.Severity}, {k.message, f.Message}, {k.file, f.Path}} {
		w.d = append(w.d, m.start...)
		w.str(m.v)
	}
	for _, m := range [...]struct {
		start string
		v     int
	}{{k.line, f.Line}, {k.column, f.Column}, {k.endLine, f.EndLine}, {k.endCol, f.EndColumn}} {
		w.d = append(w.d, m.start...)
		w.num(m.v)
	}
	if f.Fix != nil {
		w.key("fix")
		w.open('{')
		w.keyStr("description", f.Fix.Description)
		w.key("edits")
		w.open('[')
		for i := range f.Fix.Edits {
			e := &f.Fix.Edits[i]
			w.elem()
			w.open('{')
			w.keyNum("line", e.Line)
			w.keyNum("column", e.Column)
			w.keyNum("end_line", e.EndLine)
			w.keyNum("end_column", e.EndColumn)
			w.keyStr("new_text", e.NewText)
			w.close('}')
		}
		w.close(']')
		w.close('}')
	}
	if f.Confirmed != "" {
		w.keyStr("confirmed_on", f.Confirmed)
	}
	w.close('}')
	w.end()
}

// sarifResult writes r as encodeJSON does, at depth indent.
func (w *jw) sarifResult(r *sarifResult, indent int) {
	w.begin(len(r.RuleID) + len(r.Message.Text) + 1024)
	w.indent = indent
	w.open('{')
	w.keyStr("ruleId", r.RuleID)
	w.keyNum("ruleIndex", r.RuleIndex)
	w.keyStr("level", r.Level)
	w.key("message")
	w.message(&r.Message)
	if len(r.Locations) > 0 {
		w.key("locations")
		w.open('[')
		for i := range r.Locations {
			w.elem()
			w.open('{')
			w.key("physicalLocation")
			w.open('{')
			p := &r.Locations[i].PhysicalLocation
			w.key("artifactLocation")
			w.artifact(&p.ArtifactLocation)
			if p.Region != nil {
				w.key("region")
				w.region(p.Region)
			}
			w.close('}')
			w.close('}')
		}
		w.close(']')
	}
	w.key("partialFingerprints")
	if r.PartialFingerprints == nil {
		w.d = append(w.d, "null"...)
	} else {
		w.open('{')
		if len(r.PartialFingerprints) == 1 {
			for k, v := range r.PartialFingerprints {
				w.mapKey(k) // one key: nothing to sort
				w.str(v)
			}
		} else {
			for _, k := range slices.Sorted(maps.Keys(r.PartialFingerprints)) {
				w.mapKey(k)
				w.str(r.PartialFingerprints[k])
			}
		}
		w.close('}')
	}
	if len(r.Fixes) > 0 {
		w.key("fixes")
		w.open('[')
		for i := range r.Fixes {
			fx := &r.Fixes[i]
			w.elem()
			w.open('{')
			if fx.Description != nil {
				w.key("description")
				w.message(fx.Description)
			}
			w.key("artifactChanges")
			if fx.ArtifactChanges == nil {
				w.d = append(w.d, "null"...)
			} else {
				w.open('[')
				for j := range fx.ArtifactChanges {
					ch := &fx.ArtifactChanges[j]
					w.elem()
					w.open('{')
					w.key("artifactLocation")
					w.artifact(&ch.ArtifactLocation)
					w.key("replacements")
					if ch.Replacements == nil {
						w.d = append(w.d, "null"...)
					} else {
						w.open('[')
						for k := range ch.Replacements {
							rep := &ch.Replacements[k]
							w.elem()
							w.open('{')
							w.key("deletedRegion")
							w.region(&rep.DeletedRegion)
							if rep.InsertedContent != nil {
								w.key("insertedContent")
								w.open('{')
								w.keyStr("text", rep.InsertedContent.Text)
								w.close('}')
							}
							w.close('}')
						}
						w.close(']')
					}
					w.close('}')
				}
				w.close(']')
			}
			w.close('}')
		}
		w.close(']')
	}
	if r.Properties != nil {
		w.key("properties")
		w.open('{')
		w.keyStr("confirmedOn", r.Properties.ConfirmedOn)
		w.close('}')
	}
	w.close('}')
	w.end()
}

func (w *jw) message(m *sarifMessage) {
	w.open('{')
	w.keyStr("text", m.Text)
	w.close('}')
}

func (w *jw) artifact(a *sarifArtifactLocation) {
	w.open('{')
	w.keyStr("uri", a.URI)
	if a.URIBaseID != "" {
		w.keyStr("uriBaseId", a.URIBaseID)
	}
	w.close('}')
}

func (w *jw) region(r *sarifRegion) {
	w.open('{')
	if r.StartLine != 0 {
		w.keyNum("startLine", r.StartLine)
	}
	if r.StartColumn != 0 {
		w.keyNum("startColumn", r.StartColumn)
	}
	if r.EndLine != 0 {
		w.keyNum("endLine", r.EndLine)
	}
	if r.EndColumn != 0 {
		w.keyNum("endColumn", r.EndColumn)
	}
	w.close('}')
}
