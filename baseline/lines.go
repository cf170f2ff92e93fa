package baseline

import (
	"bytes"
	"encoding/json"

	"github.com/sqllint/sqllint/internal/mergemark"
)

// entryLine is the line (from 1) of the i-th entry (from 0) of a baseline
// that decodes, or 0 when it cannot be found: hand-edited files need not
// hold one entry per line.
func entryLine(data []byte, i int) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return 0
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return 0
		}
		if key != "entries" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return 0
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return 0
		}
		for k := 0; dec.More(); k++ {
			off := int(dec.InputOffset())
			if k == i {
				for off < len(data) && bytes.IndexByte([]byte(" \t\r\n,"), data[off]) >= 0 {
					off++
				}
				return 1 + bytes.Count(data[:off], []byte("\n"))
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return 0
			}
		}
		return 0
	}
	return 0
}

// conflictLine is the line (from 1) of the first merge conflict marker
// of data, or 0.
func conflictLine(data []byte) int {
	line, _ := mergemark.Find(data)
	return line
}

// unknownFieldLine is the line (from 1) of the first key name of an
// object of data, or 0: encoding/json's unknown field error gives no
// offset.
func unknownFieldLine(data []byte, name string) int {
	type frame struct{ obj, key bool }
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		t, err := dec.Token()
		if err != nil {
			return 0
		}
		top := len(stack) - 1
		switch {
		case t == json.Delim('}') || t == json.Delim(']'):
			stack = stack[:top]
			if top > 0 && stack[top-1].obj {
				stack[top-1].key = true // the value ended: a key is next
			}
		case top >= 0 && stack[top].obj && stack[top].key:
			if t == name {
				// a key is one line (a string holds no raw newline)
				return 1 + bytes.Count(data[:min(int(dec.InputOffset()), len(data))], []byte("\n"))
			}
			stack[top].key = false
		case t == json.Delim('{'):
			stack = append(stack, frame{obj: true, key: true})
		case t == json.Delim('['):
			stack = append(stack, frame{})
		case top >= 0 && stack[top].obj:
			stack[top].key = true // a scalar value ended
		}
	}
}
