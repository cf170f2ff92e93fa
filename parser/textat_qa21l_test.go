package parser

import (
	"runtime"
	"testing"
)

// A range outside a built batch's text panics as slicing the text does:
// with the runtime's own error, not a string dressed as one.
func TestTextAtOutOfRangePanicsAsSlicing(t *testing.T) {
	b := &ppBatchBuilder{built: true, parts: []string{"abc", "def"}, n: 6}
	at := ppTextAt{b: b}
	if got := at.slice(2, 5); got != "cde" {
		t.Fatalf("slice(2, 5) = %q, want %q", got, "cde")
	}
	for _, r := range [][2]int{{4, 7}, {-1, 2}, {5, 3}} {
		func() {
			defer func() {
				x := recover()
				if _, ok := x.(runtime.Error); !ok {
					t.Errorf("slice(%d, %d) panicked with %T %v, want a runtime.Error", r[0], r[1], x, x)
				}
			}()
			at := ppTextAt{b: b}
			at.slice(r[0], r[1])
		}()
	}
}
