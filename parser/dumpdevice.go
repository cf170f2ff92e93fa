package parser

import "strings"

// A backup device sp_addumpdevice adds lives on the server, in every
// batch and script after it until sp_dropdevice drops it: BACKUP
// DATABASE d TO NulDev backs up to its physical name. The parser reads
// the calls (one batch at a time, it cannot follow them); the model
// follows the devices across batches and scripts (rules/model.go).

// DumpDevice is a call of sp_addumpdevice that adds a disk backup device
// on the null device (sp_addumpdevice 'disk', 'NulDev', 'NUL'), or of
// sp_dropdevice, which drops a device. The statement stays an ordinary
// one (KindOther) with this Node; the model reads it for SL304.
type DumpDevice struct {
	Name string `json:"device"` // @logicalname, as written
	// Path is @physicalname, a name of the null device (IsNulDevice); ""
	// for sp_dropdevice
	Path string `json:"physical_name,omitempty"`
	Drop bool   `json:"drop,omitempty"` // sp_dropdevice
}

func (*DumpDevice) node() {}

// mayCallDevice reports whether toks, an EXEC statement, may call
// sp_addumpdevice or sp_dropdevice: the last part of the name it calls
// (after @rc =, through its dots) is as long as theirs, bracketed or
// not, and ends in "device". Told by its length first: most EXECs call
// another procedure (sp_executesql is as long as sp_dropdevice).
func mayCallDevice(text string, toks []Token) bool {
	i := 1
	if i+1 < len(toks) && toks[i].Kind == TokVar && isPunctAt(text, toks, i+1, '=') {
		i += 2 // @rc =
	}
	for i+2 < len(toks) && isPunctAt(text, toks, i+1, '.') {
		i += 2
	}
	if i >= len(toks) {
		return false
	}
	t := toks[i]
	s, e := t.Start, t.End
	switch t.Kind {
	case TokQuoted:
		s, e = s+1, e-1
	case TokIdent:
	default:
		return false
	}
	n := e - s
	return (n == int32(len("sp_addumpdevice")) || n == int32(len("sp_dropdevice"))) && strings.EqualFold(text[e-6:e], "device")
}

// dumpDevice reads a call of sp_addumpdevice that adds a disk device on
// the null device, or of sp_dropdevice (any qualification, any case),
// from toks, an EXEC statement; nil for any other statement. The
// arguments are passed in order (@devtype, @logicalname, @physicalname;
// @logicalname for sp_dropdevice) or by name, as literals or words.
func dumpDevice(text string, toks []Token) *DumpDevice {
	name, i := execProc(text, toks)
	var params []string
	switch {
	case len(name) == len("sp_addumpdevice") && strings.EqualFold(name, "sp_addumpdevice"):
		params = []string{"devtype", "logicalname", "physicalname"}
	case len(name) == len("sp_dropdevice") && strings.EqualFold(name, "sp_dropdevice"):
		params = []string{"logicalname"}
	default:
		return nil
	}
	var vals [3]string
	var argBuf [8]dynArg
	for k, a := range dynArgs(text, toks, i, argBuf[:0]) {
		p := a.name
		if p == "" && k < len(params) {
			p = params[k]
		}
		v, ok := "", false
		if a.n == 1 {
			v, ok = procArgString(text, toks[a.val])
		}
		for j, q := range params {
			if p == q {
				if !ok {
					return nil // a variable, an expression: not known
				}
				vals[j] = v
			}
		}
	}
	if len(params) == 1 {
		if vals[0] == "" {
			return nil
		}
		return &DumpDevice{Name: strings.Clone(vals[0]), Drop: true}
	}
	if !strings.EqualFold(strings.TrimSpace(vals[0]), "disk") || vals[1] == "" || !IsNulDevice(vals[2]) {
		return nil
	}
	return &DumpDevice{Name: strings.Clone(vals[1]), Path: strings.Clone(vals[2])}
}
