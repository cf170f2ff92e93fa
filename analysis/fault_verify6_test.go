package analysis

import (
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

// faultAt is the panic value of a fault at addr under
// debug.SetPanicOnFault (a runtime.Error with the faulting address).
type faultAt uintptr

func (f faultAt) Error() string { return "invalid memory address or nil pointer dereference" }
func (f faultAt) RuntimeError() {}
func (f faultAt) Addr() uintptr { return uintptr(f) }

// A mapped file cut short by another program while its findings are
// checked or resolved faults when its lost pages are read: that is the
// file's error "changed while read", as when it is cut short while it is
// parsed, not an internal error to report (a 17 MB script truncated
// 0.3 s into a scan gave "internal error while checking this file
// (please report it): runtime error: invalid memory address or nil
// pointer dereference"). A panic that is no fault in the file's mapping
// stays an internal error.
func TestFinishFaultInMappingIsChangedWhileRead(t *testing.T) {
	r, err := newRun(&Options{})
	if err != nil {
		t.Fatal(err)
	}
	mapping := []byte("CHECKPOINT 10;\nGO\n") // stands in for the mapping
	other := []byte("elsewhere")
	for _, tc := range []struct {
		name  string
		panic any
		want  string
	}{
		{"fault in the mapping", faultAt(uintptr(unsafe.Pointer(&mapping[5]))), errChangedWhileRead.Error()},
		{"fault at its last byte", faultAt(uintptr(unsafe.Pointer(&mapping[len(mapping)-1]))), errChangedWhileRead.Error()},
		{"fault elsewhere", faultAt(uintptr(unsafe.Pointer(&other[0]))), "internal error while checking this file (please report it): invalid memory address or nil pointer dereference"},
		{"a bug", "boom", "internal error while checking this file (please report it): boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &parser.File{Path: "big.sql", Text: string(mapping)}
			p := &parsed{input: input{display: "big.sql", report: true}, mapped: mapping,
				result: &parser.Result{Script: &parser.Script{File: f}}}
			res := r.finish(p, func(*parser.Result) []rules.Finding { panic(tc.panic) })
			if res == nil || res.Err == nil {
				t.Fatalf("finish = %+v, want the file's error", res)
			}
			if res.Err.Message != tc.want || res.Err.Path != "big.sql" {
				t.Errorf("error = %s: %q, want big.sql: %q", res.Err.Path, res.Err.Message, tc.want)
			}
		})
	}
	// a file that is not mapped: any panic is an internal error
	f := &parser.File{Path: "small.sql", Text: string(mapping)}
	p := &parsed{input: input{display: "small.sql", report: true}, result: &parser.Result{Script: &parser.Script{File: f}}}
	res := r.finish(p, func(*parser.Result) []rules.Finding { panic(faultAt(uintptr(unsafe.Pointer(&mapping[5])))) })
	if want := "internal error while checking this file (please report it): invalid memory address or nil pointer dereference"; res.Err == nil || res.Err.Message != want {
		t.Errorf("unmapped file: error = %+v, want %q", res.Err, want)
	}
}
