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
