package parser

// The stop-finder: where the machine has the instructions for it
// (ppfind_amd64.s, AVX2), ppRun's loop is ppFind past its first sixteen
// bytes: it classifies 32 bytes at a time and looks up ppPairTab only at
// the candidates, a superset of the stops of ppRun's masks (ppFindFor).
// Each byte and the byte before it are put in classes by their low and
// high four bits (four 16-entry lookups, each a set of eight classes); a
// byte is a candidate when a class holds both it and the byte before it.
// A class is thus a set of pairs (the bytes with the high and low halves
// of ppFindClass's cur after the bytes with those of prev); the classes
// together hold every pair of ppPairTab with a bit of the mask
// (TestPPFindCovers), and a few more: in typical scripts about one
// candidate in eleven is not a stop (a "u" after "_", a letter after NUL, ')' or
// '*', ...), looked up in ppPairTab and passed over.

// ppNib is a set of values of four bits.
type ppNib uint16

// ppNibs is the set of its arguments.
func ppNibs(v ...int) ppNib {
	var s ppNib
	for _, x := range v {
		s |= 1 << x
	}
	return s
}

const ppNibAll ppNib = 0xffff

// ppFindClass is a class of pairs: the bytes whose high four bits are in
// curHi and low four bits in curLo, after a byte whose high four bits are
// in prevHi and low four bits in prevLo.
type ppFindClass struct {
	curHi, curLo, prevHi, prevLo ppNib
}

var (
	// A: the stops of both tables, and the starts of GO lines and commands.
	ppFindA = [8]ppFindClass{
		{ppNibs(2), ppNibs(1, 2, 4, 7, 15), ppNibAll, ppNibAll},      // ! " $ ' / (and '!' at a line start)
		{ppNibs(0, 5), ppNibs(11, 13), ppNibAll, ppNibAll},           // CR [ (and ] and VT)
		{ppNibs(3), ppNibs(10), ppNibAll, ppNibAll},                  // ':' (at a line start)
		{ppNibs(4, 6), ppNibs(5, 7), ppNibs(0, 2), ppNibs(9, 10, 0)}, // E G e g after LF, blank or tab (and NUL, ')', '*')
		{ppNibs(5, 7), ppNibs(1, 2), ppNibs(0, 2), ppNibs(9, 10, 0)}, // Q R q r after the same
		{ppNibs(2), ppNibs(13), ppNibs(2), ppNibs(13)},               // "--"
		{ppNibs(4, 6), ppNibs(3), ppNibs(4, 6), ppNibs(9)},           // "ic": sp_addumpdevICe, sp_dropdevICe (the plain table's: B has no class left)
		{ppNibs(14), ppNibs(15), ppNibAll, ppNibAll},                 // 0xEF: a byte order mark may start the line or sit in it (rare)
	}
	// B: the plain table's letters and the byte after a '<'.
	ppFindB = [8]ppFindClass{
		{ppNibs(5, 7), ppNibs(2, 5), ppNibs(0, 1, 2, 3), ppNibAll},             // R U r u after a byte below '@' (and '#')
		{ppNibs(5, 7), ppNibs(2, 5), ppNibs(5, 7), ppNibs(11, 12, 13, 14, 15)}, // after [ \ ] ^ { | } ~ DEL (and '_')
		{ppNibs(5, 7), ppNibs(2, 5), ppNibs(6), ppNibs(0)},                     // after '`'
		{ppNibs(5, 7), ppNibs(0, 5), ppNibs(4, 6), ppNibs(11)},                 // "kp", "ku"
		{ppNibs(4, 6), ppNibs(2), ppNibs(4, 6), ppNibs(1)},                     // "ab"
		{ppNibs(4, 6), ppNibs(3), ppNibs(4, 6), ppNibs(2)},                     // "bc"
		{ppNibs(5, 7), ppNibs(8), ppNibs(3), ppNibs(0)},                        // "0x"
		{ppNibAll, ppNibAll, ppNibs(3), ppNibs(12)},                            // after '<'
	}
)

// ppFindTabs are the finder's lookups, as the assembly reads them: for
// classes A then B, the classes of the byte by its low and high four bits
// and of the byte before it by its low and high four bits, each 16 bytes
// twice (one for each half of a 32-byte register); nib the low four bits
// of a byte, 32 times; two is whether B is looked at; lit the bytes of
// ppFindLits, each 32 times.
type ppFindTabs struct {
	a, b [4][32]byte
	nib  [32]byte
	two  uint64
	lit  [len(ppFindLits)][32]byte
}

// ppFindLits are the bytes of ppFindTabs.lit, in the order the assembly
// reads them: the bytes that end a quoted run or bracketed name and '$',
// 0x20 (to fold letters to lower case), the first three letters of the
// words ppStringMatters looks for, and 25 (z - a) (ppFindAVX2).
const ppFindLits = "']\"$ abcdehrst\x19"

// ppFindFill puts classes cs in t.
func ppFindFill(t *[4][32]byte, cs *[8]ppFindClass) {
	for k, c := range cs {
		for x := 0; x < 16; x++ {
			for h, set := range [4]ppNib{c.curLo, c.curHi, c.prevLo, c.prevHi} {
				if set>>x&1 != 0 {
					t[h][x] |= 1 << k
					t[h][x+16] |= 1 << k
				}
			}
		}
	}
}

// ppFindMaskPlain and ppFindMaskLoud are the masks of ppMask the finder's
// tables are for (ppRun's, which never holds ppPNL).
const (
	ppFindMaskPlain = ppPPlain | ppPLess | ppPLine | ppPIndent
	ppFindMaskLoud  = ppPLoud | ppPLine | ppPIndent
)

var ppFindPlain, ppFindLoud = ppMakeFindTabs(true), ppMakeFindTabs(false)

func ppMakeFindTabs(plain bool) *ppFindTabs {
	t := new(ppFindTabs)
	for k := range t.nib {
		t.nib[k] = 0x0f
	}
	for r := range t.lit {
		for k := range t.lit[r] {
			t.lit[r][k] = ppFindLits[r]
		}
	}
	ppFindFill(&t.a, &ppFindA)
	if plain {
		ppFindFill(&t.b, &ppFindB)
		t.two = 1
	}
	return t
}

// ppTabsNow is whether ppPairTab is the one ppFindA and ppFindB cover
// (ppBuildTables with ppHeads and pairs, and ppPairMarks; the tests build
// others to compare).
var ppTabsNow bool

// ppFindFor is the finder's tables for mask, or nil when there are none
// or the finder is off.
func ppFindFor(mask uint8) *ppFindTabs {
	if !ppFindOn || !ppTabsNow {
		return nil
	}
	switch mask {
	case ppFindMaskPlain:
		return ppFindPlain
	case ppFindMaskLoud:
		return ppFindLoud
	}
	return nil
}

// ppFindModel is whether the finder's tables t make the byte c after b a
// candidate: what the assembly computes for each byte.
func ppFindModel(t *ppFindTabs, b, c byte) bool {
	x := t.a[0][c&15] & t.a[1][c>>4] & t.a[2][b&15] & t.a[3][b>>4]
	if t.two != 0 {
		x |= t.b[0][c&15] & t.b[1][c>>4] & t.b[2][b&15] & t.b[3][b>>4]
	}
	return x != 0
}
