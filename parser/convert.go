package parser

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// converter turns participle parse trees into the exported AST, resolving
// positions through the batch.
type converter struct {
	b    *Batch
	toks []Token // the statement's token window
	// sizes, set by the fast path, shares the sizes it has parsed before
	// (nil: parse each)
	sizes *sizeTable
	// nodes, set by the fast path, is the room of the nodes it converts
	// (nil: allocate each)
	nodes *nodeArena
	// fast is the fast path's arena the splitter holds for a run of
	// batches (nil: recognize takes one from the pool for the statement)
	fast *fastArena
}

// sizeKey is a size's number and unit as written.
type sizeKey struct{ num, unit string }

// sizeTable holds the sizes the fast path parsed before: a size whose
// number and unit together take up to 7 bytes (64MB, 1024KB, 10%) in a
// table of 64 found by those bytes (sizeWord), in one compare, rather
// than by hashing two strings; the others in a map.
type sizeTable struct {
	words [64]uint64
	small [64]*Size
	m     map[sizeKey]*Size
}

// sizeWord is the bytes of num and unit, and len(num) in the top byte,
// when they take up to 7 bytes; 0 otherwise (num is not empty).
func sizeWord(num, unit string) uint64 {
	if len(num)+len(unit) > 7 || num == "" {
		return 0
	}
	w := uint64(len(num)) << 56
	for i := 0; i < len(num); i++ {
		w |= uint64(num[i]) << (8 * i)
	}
	for i := 0; i < len(unit); i++ {
		w |= uint64(unit[i]) << (8 * (len(num) + i))
	}
	return w
}

// maxSizes bounds the sizes a fast-path arena keeps.
const maxSizes = 1024

// sizeOf is sizeOf(v), shared with earlier statements when the fast path
// keeps a table: a dense script writes SIZE = 64MB and FILEGROWTH = 64MB
// again and again, and nothing changes a Size once parsed.
func (c *converter) sizeOf(v *gValue) *Size {
	if c.sizes == nil || v == nil || v.Num == nil {
		return sizeOf(v)
	}
	k := sizeKey{num: *v.Num}
	if v.Unit != nil {
		k.unit = *v.Unit
	}
	t := c.sizes
	if w := sizeWord(k.num, k.unit); w != 0 {
		h := (w * 0x9E3779B97F4A7C15) >> 58
		if t.words[h] == w {
			return t.small[h]
		}
		sz := sizeOf(v)
		// the table outlives the script: it keeps copies, never its text
		sz.Raw = strings.Clone(sz.Raw)
		t.words[h], t.small[h] = w, sz
		return sz
	}
	if sz, ok := t.m[k]; ok {
		return sz
	}
	sz := sizeOf(v)
	sz.Raw = strings.Clone(sz.Raw)
	if t.m == nil {
		t.m = make(map[sizeKey]*Size)
	}
	if len(t.m) >= maxSizes {
		clear(t.m)
	}
	t.m[sizeKey{strings.Clone(k.num), strings.Clone(k.unit)}] = sz
	return sz
}

// tokenAt is the index of the token of c.toks that starts at pos, when
// pos tells it: the fast path's positions carry their token's index + 1
// in Line (fastParser.pos), which participle's leave 0 (tokenLexer), so
// that the searches below need not run for them.
func (c *converter) tokenAt(pos lexer.Position) (int, bool) {
	h := pos.Line - 1
	return h, h >= 0 && h < len(c.toks) && int(c.toks[h].Start) == pos.Offset
}

// endBefore returns the end offset of the last token that starts before
// off (participle's EndPos is the start of the next token).
func (c *converter) endBefore(off int) int {
	lo, hi := 0, len(c.toks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(c.toks[m].Start) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return off
	}
	return int(c.toks[lo-1].End)
}

func (c *converter) span(pos, end lexer.Position) Span {
	if h, ok := c.tokenAt(end); ok && h > 0 {
		return c.b.Span(pos.Offset, int(c.toks[h-1].End)) // endBefore's answer
	}
	return c.b.Span(pos.Offset, c.endBefore(end.Offset))
}

// tokenEnd is the end of the token starting at off.
func (c *converter) tokenSpan(pos lexer.Position) Span {
	if h, ok := c.tokenAt(pos); ok {
		return c.b.Span(int(c.toks[h].Start), int(c.toks[h].End))
	}
	lo, hi := 0, len(c.toks)
	for lo < hi { // tokens are in offset order
		m := int(uint(lo+hi) >> 1)
		if int(c.toks[m].Start) < pos.Offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(c.toks) && int(c.toks[lo].Start) == pos.Offset {
		return c.b.Span(int(c.toks[lo].Start), int(c.toks[lo].End))
	}
	return c.b.Span(pos.Offset, pos.Offset)
}

func (c *converter) name(g *gName) Name {
	if g == nil {
		return Name{}
	}
	v, unresolved := nameValue(g.Value)
	return Name{Raw: g.Value, Value: v, Unresolved: unresolved, Span: c.tokenSpan(g.Pos)}
}

// nameMarks are the bytes nameValue looks at past a name's first.
var nameMarks = [256]bool{'(': true, ']': true, '"': true}

// nameValue is Unquote(s) and whether the name s is unresolved (it holds
// "$(" or starts with "@", "<" or "${"), read in one pass over s: a
// name's few bytes cost less read once than unDouble's search for a
// doubled quote and Contains' search for "$(" (a byte at a time).
func nameValue(s string) (v string, unresolved bool) {
	if len(s) == 0 {
		return s, false
	}
	inner := false // a ']' or '"' before the last byte: maybe doubled
	for i := 1; i < len(s); i++ {
		if !nameMarks[s[i]] { // most bytes: one test
			continue
		}
		switch s[i] {
		case '(':
			unresolved = unresolved || s[i-1] == '$'
		case ']', '"':
			inner = inner || i < len(s)-1
		}
	}
	switch s[0] {
	case '@', '<':
		unresolved = true
	case '$':
		unresolved = unresolved || len(s) > 1 && s[1] == '{'
	}
	if inner {
		return Unquote(s), unresolved
	}
	// no quote to undouble: Unquote only trims
	last := s[len(s)-1]
	switch {
	case len(s) >= 2 && (s[0] == '[' && last == ']' || s[0] == '"' && last == '"'):
		return s[1 : len(s)-1], unresolved
	case s[0] == '[':
		return s[1:], unresolved
	}
	return s, unresolved
}

func (c *converter) qualName(g *gQualName) string {
	if g == nil {
		return ""
	}
	parts := make([]string, len(g.Parts))
	for i, p := range g.Parts {
		parts[i] = Unquote(p.Value)
	}
	return strings.Join(parts, ".")
}

func valueString(v *gValue) string {
	switch {
	case v == nil:
		return ""
	case v.Str != nil:
		return StringValue(*v.Str)
	case v.Word != nil:
		return Unquote(*v.Word)
	case v.Num != nil:
		if v.Unit != nil {
			return *v.Num + *v.Unit
		}
		return *v.Num
	}
	return ""
}

func sizeOf(v *gValue) *Size {
	switch {
	case v == nil:
		return nil
	case v.Num != nil:
		unit := ""
		if v.Unit != nil {
			unit = *v.Unit
		}
		s, _ := ParseSize(*v.Num, unit)
		return &s
	case v.Word != nil && keywordFold(*v.Word, "UNLIMITED"):
		return &Size{Unlimited: true, Raw: *v.Word}
	case v.Word != nil:
		return &Size{Unknown: true, Raw: *v.Word}
	case v.Str != nil:
		return &Size{Unknown: true, Raw: *v.Str}
	}
	return nil
}

func (c *converter) fileSpec(g *gFileSpec, log bool, fg string) FileSpec {
	f := FileSpec{Log: log, Filegroup: fg, Span: c.span(g.Pos, g.EndPos)}
	for _, p := range g.Props {
		c.fileProp(&f, p.Key, p.Value)
	}
	if log {
		f.Filegroup = ""
	}
	return f
}

// fileProp sets the property key = v (v nil: no value) of a file.
func (c *converter) fileProp(f *FileSpec, key string, v *gValue) {
	switch upperKey(key) {
	case "NAME":
		f.Name = valueString(v)
	case "NEWNAME":
		f.NewName = valueString(v)
	case "FILENAME":
		f.FileName = valueString(v)
	case "SIZE":
		f.Size = c.sizeOf(v)
	case "MAXSIZE":
		f.MaxSize = c.sizeOf(v)
	case "FILEGROWTH":
		f.Growth = c.sizeOf(v)
	case "OFFLINE":
		f.Offline = true
	}
}

// filePropNames are the file properties fileProp reads.
var filePropNames = [...]string{"NAME", "NEWNAME", "FILENAME", "SIZE", "MAXSIZE", "FILEGROWTH", "OFFLINE"}

// upperKey is strings.ToUpper(key) where fileProp reads it: the name of
// filePropNames it is, without a copy, for an ASCII key.
func upperKey(key string) string {
	for i := 0; i < len(key); i++ {
		if key[i] >= utf8.RuneSelf {
			return strings.ToUpper(key)
		}
	}
	var a, b string // the names of key's length
	switch len(key) {
	case 4:
		a, b = "NAME", "SIZE"
	case 7:
		if keywordFold(key, "OFFLINE") {
			return "OFFLINE"
		}
		a, b = "NEWNAME", "MAXSIZE"
	case 8:
		a, b = "FILENAME", "FILENAME"
	case 10:
		a, b = "FILEGROWTH", "FILEGROWTH"
	default:
		return "" // none of them (an ASCII key upper-cased is not "")
	}
	if keywordFold(key, a) {
		return a
	}
	if keywordFold(key, b) {
		return b
	}
	return ""
}

func argsText(args []*gArg) string {
	var sb strings.Builder
	for _, a := range args {
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		if a.Group != nil || a.Tok == "" {
			sb.WriteString("(" + anyText(a.Group) + ")")
			continue
		}
		sb.WriteString(a.Tok)
	}
	return sb.String()
}

func anyText(args []*gAny) string {
	var sb strings.Builder
	var walk func([]*gAny)
	walk = func(args []*gAny) {
		for _, a := range args {
			if sb.Len() > 0 && !strings.HasSuffix(sb.String(), "(") && a.Tok != "," {
				sb.WriteByte(' ')
			}
			if a.Group != nil || a.Tok == "" {
				sb.WriteByte('(')
				walk(a.Group)
				sb.WriteByte(')')
				continue
			}
			sb.WriteString(a.Tok)
		}
	}
	walk(args)
	return sb.String()
}

// setOptions converts ALTER DATABASE SET options like options.
func (c *converter) setOptions(gs []*gSetOption) []Option {
	out := make([]Option, len(gs))
	for i, g := range gs {
		o := Option{Span: c.span(g.Pos, g.EndPos)}
		if g.TRT != nil {
			o.Name, o.Value = "TARGET_RECOVERY_TIME", g.TRT.Value+" "+g.TRT.Unit
		} else {
			v := argsText(g.Args)
			if sw := g.Switch; sw != nil {
				v = sw.Value
				if sw.Group != nil {
					v += " (" + anyText(sw.Group.Items) + ")"
				}
			}
			o.Name, o.Value = strings.ToUpper(Unquote(g.Name)), strings.TrimSpace(strings.TrimPrefix(v, "="))
		}
		out[i] = o
	}
	return out
}

// cOptions converts CREATE DATABASE WITH options: the value is what
// follows the name, tokens one space apart, without the '='.
func (c *converter) cOptions(gs []*gCOption) []Option {
	out := make([]Option, len(gs))
	for i, g := range gs {
		v := valueRaw(g.Value)
		if g.Switch != nil {
			v = *g.Switch
		}
		if g.Group != nil {
			if v != "" {
				v += " "
			}
			v += "(" + anyText(g.Group.Items) + ")"
		}
		out[i] = Option{Name: strings.ToUpper(g.Name), Value: v, Span: c.span(g.Pos, g.EndPos)}
	}
	return out
}

func (c *converter) options(gs []*gOption) []Option {
	if len(gs) == 0 {
		return nil
	}
	out := make([]Option, len(gs))
	for i, g := range gs {
		v := argsText(g.Args)
		v = strings.TrimSpace(strings.TrimPrefix(v, "="))
		out[i] = Option{Name: strings.ToUpper(Unquote(g.Name)), Value: v, Span: c.span(g.Pos, g.EndPos)}
	}
	return out
}

func (c *converter) create(g *gCreateDatabase) *CreateDatabase {
	nfiles, nfgs := 0, 1
	for _, cl := range g.Clauses {
		nfiles += len(cl.OnItems) + len(cl.Log)
		for _, it := range cl.OnItems {
			if it.FG != nil {
				nfgs++
			}
		}
	}
	var cd *CreateDatabase
	if nfiles == 2 && nfgs == 1 { // ON (a data file) LOG ON (a log file), most CREATE DATABASE statements
		box := c.newCreate()
		cd = &box.cd
		cd.Files, cd.Filegroups = box.files[:0:2], box.fgs[:1:1]
	} else {
		cd = &CreateDatabase{Files: make([]FileSpec, 0, nfiles), Filegroups: make([]Filegroup, 1, nfgs)}
	}
	cd.Database = c.name(g.Name)
	cd.Filegroups[0].Name = "PRIMARY"
	for _, cl := range g.Clauses {
		switch {
		case cl.Containment != nil:
			cd.Containment = strings.ToUpper(*cl.Containment)
		case cl.OnItems != nil:
			fg := "PRIMARY"
			for _, it := range cl.OnItems {
				if it.FG != nil {
					fg = Unquote(it.FG.Name.Value)
					f := Filegroup{Name: fg, Default: it.FG.Default, Span: c.tokenSpan(it.FG.Pos)}
					if it.FG.Contains != nil {
						f.Contains = strings.ToUpper(*it.FG.Contains)
					}
					cd.Filegroups = append(cd.Filegroups, f)
				}
				cd.Files = append(cd.Files, c.fileSpec(it.File, false, fg))
			}
		case cl.Log != nil:
			for _, f := range cl.Log {
				cd.Files = append(cd.Files, c.fileSpec(f, true, ""))
			}
			last := cl.Log[len(cl.Log)-1]
			cd.LogSpan = c.b.Span(cl.Pos.Offset, c.endBefore(last.EndPos.Offset))
		case cl.Collate != nil:
			cd.Collation = Unquote(*cl.Collate)
		case cl.With != nil:
			cd.Options = append(cd.Options, c.cOptions(cl.With)...)
		case cl.For != nil:
			cd.Attach = strings.ToUpper(*cl.For)
		case cl.SnapshotOf != nil:
			cd.SnapshotOf = Unquote(cl.SnapshotOf.Value)
		case cl.CopyOf != nil:
			cd.CopyOf = c.qualName(cl.CopyOf)
		case cl.Azure != nil:
			cd.Azure = append(cd.Azure, c.options(cl.Azure)...)
		}
	}
	return cd
}

// createBox holds a CREATE DATABASE of two files and the PRIMARY filegroup
// with them: one allocation, not three.
type createBox struct {
	cd    CreateDatabase
	files [2]FileSpec
	fgs   [1]Filegroup
}

// alterFileBox, alterFGBox and alterFileFGBox hold an ALTER DATABASE that
// adds or modifies one file, adds a filegroup, or adds one file to a named
// filegroup, with its file and filegroup: one allocation, not two or
// three, and no more bytes.
type alterFileBox struct {
	ad   AlterDatabase
	file [1]FileSpec
}

type alterFGBox struct {
	ad AlterDatabase
	fg Filegroup
}

type alterFileFGBox struct {
	ad   AlterDatabase
	file [1]FileSpec
	fg   Filegroup
}

func (c *converter) alter(g *gAlterDatabase, n int) *AlterDatabase {
	var ad *AlterDatabase
	var fileSlot []FileSpec // room for one file, or nil
	var fgSlot *Filegroup   // room for the filegroup, or nil
	a := g.Action
	switch {
	case a == nil:
		ad = &AlterDatabase{}
	case a.Add != nil && a.Add.Log == nil && a.Add.File != nil && len(a.Add.File.Files) == 1:
		if a.Add.File.Filegroup != nil {
			b := c.newAlterFileFG()
			ad, fileSlot, fgSlot = &b.ad, b.file[:0:1], &b.fg
		} else {
			b := c.newAlterFile()
			ad, fileSlot = &b.ad, b.file[:0:1]
		}
	case a.Add != nil && a.Add.Log == nil && a.Add.File == nil && a.Add.FG != nil:
		b := c.newAlterFG()
		ad, fgSlot = &b.ad, &b.fg
	case a.Add == nil && a.Remove == nil && a.Modify != nil && a.Modify.File != nil:
		b := c.newAlterFile()
		ad, fileSlot = &b.ad, b.file[:0:1]
	default:
		ad = &AlterDatabase{}
	}
	ad.Database = c.name(g.Name)
	if !ad.Database.Unresolved && strings.EqualFold(ad.Database.Raw, "CURRENT") {
		ad.Current = true
	}
	if a == nil {
		ad.Action = ActionOther
		return ad
	}
	end := int(c.toks[n-1].End)
	if c.toks[n-1].Kind == TokPunct && c.b.Text[c.toks[n-1].Start] == ';' && n > 1 {
		end = int(c.toks[n-2].End)
	}
	ad.ActionSpan = c.b.Span(a.Pos.Offset, end)
	switch {
	case a.Add != nil && a.Add.Log != nil:
		ad.Action = ActionAddLogFile
		for _, f := range a.Add.Log {
			ad.Files = append(ad.Files, c.fileSpec(f, true, ""))
		}
	case a.Add != nil && a.Add.File != nil:
		ad.Action = ActionAddFile
		fg := ""
		if a.Add.File.Filegroup != nil {
			fg = Unquote(a.Add.File.Filegroup.Value)
			ad.Filegroup = filegroupIn(fgSlot, Filegroup{Name: fg, Span: c.tokenSpan(a.Add.File.Filegroup.Pos)})
		}
		ad.Files = fileSlot
		for _, f := range a.Add.File.Files {
			ad.Files = append(ad.Files, c.fileSpec(f, false, fg))
		}
	case a.Add != nil && a.Add.FG != nil:
		ad.Action = ActionAddFilegroup
		ad.Filegroup = filegroupIn(fgSlot, Filegroup{Name: Unquote(a.Add.FG.Name.Value), Span: c.tokenSpan(a.Add.FG.Name.Pos)})
		if a.Add.FG.Contains != nil {
			ad.Filegroup.Contains = strings.ToUpper(*a.Add.FG.Contains)
		}
	case a.Add != nil:
		ad.Action = ActionOther
		ad.Options = []Option{{Name: "ADD", Value: anyText(a.Add.Args), Span: ad.ActionSpan}}
	case a.Remove != nil && a.Remove.File != nil:
		ad.Action = ActionRemoveFile
		ad.FileName = Unquote(a.Remove.File.Value)
	case a.Remove != nil && a.Remove.FG != nil:
		ad.Action = ActionRemoveFilegroup
		ad.Filegroup = &Filegroup{Name: Unquote(a.Remove.FG.Value), Span: c.tokenSpan(a.Remove.FG.Pos)}
	case a.Remove != nil:
		ad.Action = ActionOther
		ad.Options = []Option{{Name: "REMOVE", Value: anyText(a.Remove.Args), Span: ad.ActionSpan}}
	case a.Modify != nil && a.Modify.File != nil:
		ad.Action = ActionModifyFile
		ad.Files = append(fileSlot, c.fileSpec(a.Modify.File, false, ""))
	case a.Modify != nil && a.Modify.FG != nil:
		ad.Action = ActionModifyFilegroup
		words := anyText(a.Modify.FG.Args)
		ad.Filegroup = &Filegroup{Name: Unquote(a.Modify.FG.Name.Value), Span: c.tokenSpan(a.Modify.FG.Name.Pos),
			Default: strings.EqualFold(words, "DEFAULT")}
		if words != "" {
			name, value, _ := strings.Cut(words, " ")
			ad.Options = []Option{{Name: strings.ToUpper(name), Value: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(value), "=")), Span: ad.ActionSpan}}
		}
	case a.Modify != nil && a.Modify.Name != nil:
		ad.Action = ActionModifyName
		ad.NewName = Unquote(a.Modify.Name.Value)
	case a.Modify != nil:
		ad.Action = ActionOther
		ad.Options = []Option{{Name: "MODIFY", Value: anyText(a.Modify.Args), Span: ad.ActionSpan}}
	case a.Collate != nil:
		ad.Action = ActionCollate
		ad.Collation = Unquote(*a.Collate)
	case a.Set != nil:
		ad.Action = ActionSet
		ad.Options = c.setOptions(a.Set.Options)
		for i, o := range a.Set.Options {
			name := ad.Options[i].Name
			switch {
			case o.TRT != nil:
				d := c.duration(ad.Options[i].Span, o.TRT.Value, o.TRT.Unit, ad.Options[i].Value)
				if i == 0 {
					d.ClauseSpan = Span{Start: ad.ActionSpan.Start, End: d.Span.End}
				} else {
					d.ClauseSpan = d.Span
				}
				ad.TargetRecovery = d
			case name == "ENCRYPTION":
				ad.Encryption = strings.ToUpper(ad.Options[i].Value)
			}
		}
		if t := a.Set.Termination; t != nil {
			switch {
			case t.NoWait:
				ad.Termination = "NO_WAIT"
			case t.Imm:
				ad.Termination = "ROLLBACK IMMEDIATE"
			case t.After != nil:
				ad.Termination = "ROLLBACK AFTER " + *t.After
			}
		}
	default:
		ad.Action = ActionOther
		ad.Options = []Option{{Name: strings.ToUpper(anyText(a.Other)), Span: ad.ActionSpan}}
	}
	return ad
}

// filegroupIn returns f stored in slot, or in a new Filegroup when slot
// is nil.
func filegroupIn(slot *Filegroup, f Filegroup) *Filegroup {
	if slot == nil {
		slot = new(Filegroup) // not &f, which would move f to the heap on every call
	}
	*slot = f
	return slot
}

// duration is the TARGET_RECOVERY_TIME = num unit of the option at span;
// value is the option's value, num + " " + unit as written, whose string
// Raw shares when the unit is written upper-case.
func (c *converter) duration(span Span, num, unit, value string) *Duration {
	d := new(Duration)
	c.durationIn(d, span, num, unit, value)
	return d
}

// durationIn is duration written into d, which is zero.
func (c *converter) durationIn(d *Duration, span Span, num, unit, value string) {
	raw := value
	if u := strings.ToUpper(unit); u != unit {
		unit, raw = u, num+" "+u
	}
	d.Span, d.Raw = span, raw
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil || v < 0 {
		return
	}
	switch unit {
	case "SECONDS":
		d.Seconds, d.Known = v, true
	case "MINUTES":
		if v < 1<<40 {
			d.Seconds, d.Known = v*60, true
		}
	}
}

func (c *converter) drop(g *gDropDatabase) *DropDatabase {
	d := &DropDatabase{IfExists: g.IfExists}
	for _, n := range g.Names {
		d.Databases = append(d.Databases, c.name(n))
	}
	return d
}

// checkpointBox holds a CHECKPOINT and its duration: one allocation, not
// two, and no larger than the Checkpoint alone (both are 64 bytes).
type checkpointBox struct {
	cp Checkpoint
	d  int64
}

func (c *converter) checkpoint(g *gCheckpoint) *Checkpoint {
	box := c.newCheckpoint()
	cp := &box.cp
	if g.Duration == nil {
		return cp
	}
	cp.DurationRaw = g.Duration.Value
	cp.DurationSpan = c.tokenSpan(g.Duration.Pos)
	if v, err := strconv.ParseInt(g.Duration.Value, 10, 64); err == nil {
		box.d = v
		cp.Duration = &box.d
	}
	return cp
}

func (c *converter) devices(gs []*gDevice, mirror bool) []Target {
	return c.appendDevices(nil, gs, mirror)
}

// appendDevices appends the devices gs to out.
func (c *converter) appendDevices(out []Target, gs []*gDevice, mirror bool) []Target {
	for _, d := range gs {
		out = append(out, c.target(d, mirror))
	}
	return out
}

// target converts the device d.
func (c *converter) target(d *gDevice, mirror bool) Target {
	t := Target{Type: strings.ToUpper(d.Type), Mirror: mirror, Span: c.span(d.Pos, d.EndPos)}
	switch {
	case d.Name != nil:
		t.Type = "DEVICE"
		t.Value = Unquote(d.Name.Value)
		n := c.name(d.Name)
		t.Known = !n.Unresolved
	case d.Value != nil:
		t.Value = valueString(d.Value)
		// "x" is a string too: sqlcmd runs scripts with
		// QUOTED_IDENTIFIER OFF (unless -I), and with it ON an
		// identifier is no device, and the statement does not run
		t.Known = d.Value.Str != nil || d.Value.Word != nil && strings.HasPrefix(*d.Value.Word, `"`)
	}
	return t
}

// items converts FILE | FILEGROUP | PAGE = value items, one Option per
// value of a parenthesized list, and READ_WRITE_FILEGROUPS.
func (c *converter) items(gs []*gFileItem) []Option {
	var out []Option
	for _, g := range gs {
		it := g.Item
		switch {
		case it == nil:
			out = append(out, Option{Name: "READ_WRITE_FILEGROUPS"})
		case it.Value != nil:
			out = append(out, Option{Name: strings.ToUpper(it.Key), Value: valueString(it.Value), Span: c.tokenSpan(it.Pos)})
		default:
			for _, v := range it.List {
				out = append(out, Option{Name: strings.ToUpper(it.Key), Value: valueString(v), Span: c.tokenSpan(it.Pos)})
			}
		}
	}
	return out
}

func (c *converter) backup(g *gBackup) *Backup {
	var buf [2]Target
	ts := c.appendDevices(buf[:0], g.Devices, false)
	for _, m := range g.Mirrors {
		ts = c.appendDevices(ts, m.Devices, true)
	}
	return c.backupOf(keywordFold(g.What, "LOG"), g.Name, g.Items, ts, len(g.Mirrors) > 0, c.bOptions(g.Options))
}

// backupOf makes the Backup of the database name with the file items,
// the converted targets ts (mirrored: some are MIRROR TO's) and options
// (converted, in their own list): the fast path converts the targets and
// options as it reads them, without the tree's lists (fastParser.backup).
func (c *converter) backupOf(log bool, name *gName, items []*gFileItem, ts []Target, mirrored bool, opts []Option) *Backup {
	var b *Backup
	if len(ts) == 1 && !mirrored { // most BACKUP statements: one target
		box := c.newBackup()
		box.t[0] = ts[0]
		b = &box.b
		b.Targets = box.t[:1:1]
	} else {
		b = &Backup{Targets: append(make([]Target, 0, len(ts)), ts...)}
	}
	b.Log, b.Database, b.Options = log, c.name(name), opts
	for _, f := range c.items(items) {
		if f.Name == "READ_WRITE_FILEGROUPS" {
			b.ReadWriteFilegroups = true
			continue
		}
		b.Files = append(b.Files, f)
	}
	return b
}

// backupBox holds a BACKUP of one target with its target: one allocation,
// not two.
type backupBox struct {
	b Backup
	t [1]Target
}

func (c *converter) restore(g *gRestore) *Restore {
	r := &Restore{}
	switch {
	case g.Target != nil:
		t := g.Target
		r.Log = keywordFold(t.What, "LOG")
		r.Database = c.name(t.Name)
		r.Files = c.items(t.Items)
		r.Sources = c.devices(t.Devices, false)
	case g.Only != nil:
		r.Only = strings.ToUpper(g.Only.What)
		r.Sources = c.devices(g.Only.Devices, false)
	}
	r.Options = c.bOptions(g.Options)
	for i, o := range g.Options {
		switch {
		case o.Move != nil:
			r.Moves = append(r.Moves, Move{
				Logical:  valueString(o.Move.Logical),
				Physical: valueString(o.Move.Physical),
				Known:    o.Move.Logical.Str != nil && o.Move.Physical.Str != nil,
				Span:     r.Options[i].Span,
			})
		case r.Options[i].Name == "REPLACE":
			r.Replace = true
		}
	}
	return r
}

// valueRaw is a value as written, its tokens one space apart.
func valueRaw(v *gValue) string {
	switch {
	case v == nil:
		return ""
	case v.Num != nil && v.Unit != nil:
		return *v.Num + " " + *v.Unit
	case v.Num != nil:
		return *v.Num
	case v.Str != nil:
		return *v.Str
	case v.Word != nil:
		return *v.Word
	}
	return ""
}

// bOptions converts BACKUP and RESTORE WITH options. An option's value is
// what follows its name, tokens one space apart, without the '='.
func (c *converter) bOptions(gs []*gBOption) []Option {
	if len(gs) == 0 {
		return nil
	}
	out := c.optionList(len(gs))
	for i, g := range gs {
		out[i] = c.bOption(g)
	}
	return out
}

// bOption converts one BACKUP or RESTORE WITH option.
func (c *converter) bOption(g *gBOption) Option {
	o := Option{Span: c.span(g.Pos, g.EndPos)}
	switch {
	case g.Move != nil:
		o.Name = "MOVE"
		o.Value = valueRaw(g.Move.Logical) + " TO " + valueRaw(g.Move.Physical)
	case g.Algo != nil:
		o.Name = "COMPRESSION"
		o.Value = "ALGORITHM = " + valueRaw(g.Algo)
	default:
		o.Name = strings.ToUpper(Unquote(g.Name))
		v := valueRaw(g.Value)
		if g.After != nil {
			v += " AFTER " + valueRaw(g.After)
		}
		if g.Group != nil {
			if v != "" {
				v += " "
			}
			v += "(" + anyText(g.Group.Items) + ")"
		}
		o.Value = v
	}
	return o
}

// traceFlagsBox holds a DBCC TRACEON or TRACEOFF and room for its flags:
// one allocation (or a slot of the fast path's room), not two, for the
// usual one or two flags.
type traceFlagsBox struct {
	t     TraceFlags
	flags [2]int
}

func (c *converter) dbcc(g *gDBCC) *TraceFlags {
	box := c.newTraceFlags()
	t := &box.t
	t.On, t.NoInfoMsgs = keywordFold(g.Cmd, "TRACEON"), g.NoInfoMsgs
	if len(g.Flags) <= len(box.flags) {
		t.Flags = box.flags[:0:len(g.Flags)]
	} else {
		t.Flags = make([]int, 0, len(g.Flags))
	}
	for _, f := range g.Flags {
		switch {
		case f.Var != nil:
			t.Unresolved = append(t.Unresolved, *f.Var)
		case f.Num != nil:
			v, err := strconv.Atoi(*f.Num)
			if err != nil {
				t.Unresolved = append(t.Unresolved, *f.Num)
				continue
			}
			if f.Minus {
				v = -v
			}
			if v == -1 {
				t.Global = true
				continue
			}
			t.Flags = append(t.Flags, v)
		}
	}
	return t
}
