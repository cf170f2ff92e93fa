package parser

import (
	"math/rand"
	"strings"
	"testing"
	"unsafe"
)

// Every stop of ppRun's masks is a candidate of the finder's classes,
// for every byte before it: the finder never passes over a stop.
func TestPPFindCovers(t *testing.T) {
	if ppMask(false, -1, 0) != ppFindMaskPlain || ppMask(true, -1, 0) != ppFindMaskLoud {
		t.Fatal("ppRun's masks are not the finder's")
	}
	for _, c := range ppFindMasks {
		if !ppTabsNow {
			t.Fatal("the tables are not the finder's")
		}
		stops, cands := 0, 0
		for x := 0; x < 1<<16; x++ {
			b, cc := byte(x), byte(x>>8)
			stop, cand := ppPairTab[x]&c.mask != 0, ppFindModel(c.t, b, cc)
			if stop && !cand {
				t.Errorf("mask %#x: %q after %q stops and is no candidate", c.mask, cc, b)
			}
			if stop {
				stops++
			}
			if cand {
				cands++
			}
		}
		t.Logf("mask %#x: %d pairs stop, %d are candidates", c.mask, stops, cands)
	}
}

// ppFindWant is what ppFind returns: the first stop from i before lim
// that it does not pass over (ppFindSkip) and its entry, or max(i, lim)
// and 0 (i and 0 for lim < 33).
func ppFindWant(s string, i, lim int, mask uint8) (int, uint8) {
	if lim < 33 {
		return i, 0
	}
	for ; i < lim; i++ {
		if e := ppPairTab[uint16(s[i-1])|uint16(s[i])<<8]; e&mask != 0 {
			if j, ok := ppFindSkip(s, i, lim, e, mask); ok {
				i = j - 1
				continue
			}
			return i, e
		}
	}
	return max(i, lim), 0
}

// ppFindSkip is whether the finder passes over the stop at i (entry e
// with mask), and the offset after it: a quote or '[' that ppRun would
// pass over at once to the end of its run, found in the 32 bytes after
// it, the byte after the end among them and the 34 before lim: no '$'
// before the end, doubled closing bytes passed over; and for a
// single-quoted string while the batch may be plain, neither NUL's
// length and last letter (or a quote) nor the first three letters of a
// word ppStringMatters looks for (add anywhere, the others not after a
// letter); for a bracketed or double-quoted name while the batch may be
// plain, not the length of DatabaseBackup or of a device procedure
// (ppNameMatters).
func ppFindSkip(s string, i, lim int, e, mask uint8) (int, bool) {
	if e&mask&^(ppPPlain|ppPLoud) != 0 || i+35 > lim {
		return 0, false
	}
	q := s[i]
	switch q {
	case '[':
		q = ']'
	case '\'', '"':
	default:
		return 0, false
	}
	w := s[i+1 : i+33]
	k := 0
	for {
		j := strings.IndexAny(w[k:], string(q)+"$")
		if j < 0 {
			return 0, false
		}
		if k += j; k == 31 || w[k] != q {
			return 0, false
		}
		if w[k+1] != q {
			break
		}
		if k += 2; k >= 32 {
			return 0, false
		}
	}
	if s[i] != '\'' && mask&ppPPlain != 0 && k >= len("sp_dropdevice") && k <= len("sp_addumpdevice") {
		return 0, false // a name that may be DatabaseBackup or a device procedure (ppNameMatters)
	}
	if s[i] == '\'' && mask&ppPPlain != 0 {
		if k >= 2 && k <= 7 && (w[k-1]|0x20 == 'l' || w[k-1] == '\'') {
			return 0, false
		}
		for p := 0; p+3 <= k; p++ {
			switch string([]byte{w[p] | 0x20, w[p+1] | 0x20, w[p+2] | 0x20}) {
			case "add":
				return 0, false
			case "bac", "res", "che", "dat", "dbc":
				// the start of a word: not after a letter (p > 0)
				if b := w[max(p-1, 0)] | 0x20; p == 0 || b < 'a' || b > 'z' {
					return 0, false
				}
			}
		}
	}
	return i + k + 2, true
}

// The assembly reads the finder's tables at these offsets.
func TestPPFindTabsLayout(t *testing.T) {
	var x ppFindTabs
	if unsafe.Offsetof(x.nib) != 256 || unsafe.Offsetof(x.two) != 288 || unsafe.Offsetof(x.lit) != 296 || ppFindLits != "']\"$ abcdehrst\x19" {
		t.Fatal("the layout of ppFindTabs is not the assembly's")
	}
}

// ppFindTexts are texts for the finder: every byte value, the bytes of
// the classes, stops at every offset of a block and across blocks.
func ppFindTexts(r *rand.Rand) []string {
	var texts []string
	all := make([]byte, 0, 512)
	for c := 0; c < 256; c++ {
		all = append(all, byte(c))
	}
	for c := 255; c >= 0; c-- {
		all = append(all, byte(c))
	}
	texts = append(texts, string(all))
	const some = "'\"[]$/-\r\n\t <>:!0xXkKpPuUaAbBcCrRgGeEqQ_`{|}~\x7f\x80\xff#@;()"
	for k := 0; k < 300; k++ {
		n := r.Intn(400)
		b := make([]byte, n)
		for j := range b {
			switch r.Intn(4) {
			case 0:
				b[j] = byte(r.Intn(256))
			case 1:
				b[j] = some[r.Intn(len(some))]
			default:
				b[j] = "abcdefghij lmnoSTVWYZ12345.,=*"[r.Intn(30)]
			}
		}
		texts = append(texts, string(b))
	}
	// one pair in plain text, at each offset of 130 bytes
	for _, pair := range []string{"kp", "KU", "ab", "Bc", "0x", "<a", "\nG", " e", "\t:", "--", "'", "\r", "[", ",u", "`R", "~r", "\x7fU"} {
		for k := 0; k < 130; k++ {
			texts = append(texts, strings.Repeat("y", k)+pair+strings.Repeat("z", 130-k))
		}
	}
	// quoted runs the finder passes over or not (ppFindSkip), at each
	// offset of 70 bytes, and their ends at the edges of its 32 bytes
	runs := []string{"'abc'", "'Customer ''1'''", "'x''5'", "'x'''", "'''l'", "'l'''", "'a''dd'", "'ad''d'", "'x''$'", "'Dat'", "'xdaT'", "'xbc'", "'dbC'", "'reS'", "'cHe'", "'aDd'", "'bAc'", "'dbo'", "'SCHEMA'", "'xRESTORE'", "'x_restore'", "'x2che'", "'xadd'", "'{dat'", "'`dat'", "'@dbc'", "'Zbac'", "'zbac'", "'Abac'", "'2020-01-01'", "'processed '", "[Order]", "\"name\"", "'dbo'", "'SCHEMA'", "'xRESTORE'", "'x_restore'", "'x2che'", "'xadd'", "'{dat'", "'`dat'", "'@dbc'", "'Zbac'", "'zbac'", "'Abac'", "'x''5'", "[a]]b]",
		"'a$b'", "[$]", "'nul'", "'NuL'", "'nul '", "'null'", "'xnull'", "'abcdefgnul'", "'xxad'", "'xAD'", "'Ba'", "'ba'", "'re'",
		"'xxRE'", "'ch'", "'cH'", "'da'", "'dB'", "'a d'", "'d'", "'ad'", "''", "'''", "'r", "\"db\"", "[checkpoint]", "'x'''",
		"'" + strings.Repeat("k", 29) + "'", "'" + strings.Repeat("k", 30) + "'", "'" + strings.Repeat("k", 31) + "'",
		"'" + strings.Repeat("k", 32) + "'", "'" + strings.Repeat("k", 28) + "re'", "'" + strings.Repeat("k", 29) + "re'",
		"'" + strings.Repeat("k", 30) + "''", "[" + strings.Repeat("k", 30) + "]]", "'" + strings.Repeat("k", 29) + "$'",
		// names as long as DatabaseBackup or not (ppNameMatters)
		"[DatabaseBackup]", "\"databasebackup\"", "[" + strings.Repeat("k", 14) + "]", "[" + strings.Repeat("k", 13) + "]",
		"[" + strings.Repeat("k", 15) + "]", "[kkkkkk]]kkkkkk]", "\"" + strings.Repeat("k", 14) + "\""}
	for _, run := range runs {
		for k := 0; k < 70; k += 1 + k/8 {
			texts = append(texts, strings.Repeat("y", k)+" "+run+"kp "+run+strings.Repeat("z", 40))
		}
	}
	return texts
}

// ppFindMasks are the masks of the finder and their tables.
var ppFindMasks = []struct {
	mask uint8
	t    *ppFindTabs
}{{ppFindMaskPlain, ppFindPlain}, {ppFindMaskLoud, ppFindLoud}}

// ppFindCheck compares ppFind from i to lim with ppFindWant.
func ppFindCheck(tb testing.TB, s string, i, lim int) {
	base := unsafe.Pointer(unsafe.StringData(s))
	for _, m := range ppFindMasks {
		gi, ge := ppFind(base, i, lim, m.t, m.mask)
		if wi, we := ppFindWant(s, i, lim, m.mask); gi != wi || ge != we {
			tb.Fatalf("ppFind(%q, %d, %d, %#x): %d %#x; want %d %#x", s, i, lim, m.mask, gi, ge, wi, we)
		}
	}
}

// The assembly finds the first stop, for every start and end, every
// pair of bytes at the edges of its blocks and in its last block.
func TestPPFindAsm(t *testing.T) {
	if !ppFindOn {
		t.Skip("no finder on this machine")
	}
	r := rand.New(rand.NewSource(13))
	for _, s := range ppFindTexts(r) {
		for i := 1; i < len(s) && i < 70; i++ {
			for _, lim := range []int{len(s), len(s) - 1, i + 31, i + 32, i + 33, i + 63, i + 64, i + 65, (i + len(s)) / 2} {
				if lim <= len(s) && lim >= i {
					ppFindCheck(t, s, i, lim)
				}
			}
		}
	}
	fill := strings.Repeat("y", 100)
	for x := 0; x < 1<<16; x++ {
		pair := string([]byte{byte(x), byte(x >> 8)})
		for _, at := range []int{31, 32, 33, 62, 63, 64, 65} {
			s := fill[:at-1] + pair + fill[:40]
			ppFindCheck(t, s, 1, len(s))
			ppFindCheck(t, s, at-9, at+5)
		}
	}
}

// ppRunBoth is ppRun with the finder and without, which must agree.
func ppRunBoth(tb testing.TB, s string, i, ls, lim int, mask uint8) {
	defer func(on bool) { ppFindOn = on }(ppFindOn)
	a1, a2, a3 := ppRun(s, i, ls, lim, mask)
	ppFindOn = false
	b1, b2, b3 := ppRun(s, i, ls, lim, mask)
	if a1 != b1 || a2 != b2 || a3 != b3 {
		tb.Fatalf("ppRun(%q, %d, %d, %d, %#x): %d %#x %d with the finder, %d %#x %d without", s, i, ls, lim, mask, a1, a2, a3, b1, b2, b3)
	}
}

// ppRun with the finder returns what it returns without, for both
// masks, from every start to every end.
func TestPPRunFinder(t *testing.T) {
	r := rand.New(rand.NewSource(14))
	texts := ppFindTexts(r)
	for k := 0; k < 300; k++ {
		texts = append(texts, ppRunText(r, 1+r.Intn(60)))
	}
	for _, s := range texts {
		for _, mask := range []uint8{ppMask(false, -1, 0), ppMask(true, -1, 0)} {
			for i := 1; i < len(s); i += 1 + r.Intn(9) {
				ls := r.Intn(i + 1)
				for _, lim := range []int{len(s), i + r.Intn(len(s)-i+1)} {
					ppRunBoth(t, s, i, ls, lim, mask)
				}
			}
		}
	}
}

func FuzzPPRunFinder(f *testing.F) {
	r := rand.New(rand.NewSource(15))
	for k := 0; k < 40; k++ {
		f.Add(ppRunText(r, 1+r.Intn(60)), uint16(1+r.Intn(8)), uint16(r.Intn(200)))
	}
	f.Add(strings.Repeat("x", 63)+"kp"+strings.Repeat(" ", 80), uint16(1), uint16(0))
	f.Fuzz(func(t *testing.T, s string, i, back uint16) {
		if int(i) >= len(s) || i == 0 {
			return
		}
		lim := len(s) - int(back)%(len(s)-int(i)+1)
		for _, mask := range []uint8{ppMask(false, -1, 0), ppMask(true, -1, 0)} {
			ppRunBoth(t, s, int(i), 0, lim, mask)
			ppRunBoth(t, s, int(i), int(i), lim, mask)
		}
		if ppFindOn {
			ppFindCheck(t, s, int(i), lim)
		}
	})
}
