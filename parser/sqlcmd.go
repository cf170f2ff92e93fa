package parser

// This file is the sqlcmd-mode preprocessor: it splits a script into
// batches at GO lines, runs the sqlcmd commands (:setvar, :r, ...),
// substitutes $(var) references and records, for every batch, where each
// run of its text came from.
//
// The behaviour follows the sqlcmd documentation (learn.microsoft.com,
// "sqlcmd commands" and "Use sqlcmd with scripting variables") and the
// Go rewrite of sqlcmd (github.com/microsoft/go-sqlcmd, pkg/sqlcmd). Where
// they differ, or T-SQL itself decides (nested block comments, [quoted]
// identifiers), the choice is noted where it is made.
//
// The scripts are untrusted input (docs/security.md): environment
// variables are expanded only when PreprocessOptions.EnvAllowed says so,
// never under a name that looks secret, and $(SQLCMDPASSWORD) never is;
// sqlcmd's predefined variables are defined but keep unknown values; :r
// reads only regular files inside PreprocessOptions.Roots, up to a size
// limit, and the bytes that includes and variables add are bounded per
// root file and per run.

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/sqllint/sqllint/internal/fsread"
)

// PreprocessOptions configures Preprocess. A nil *PreprocessOptions is
// the same as the zero value.
type PreprocessOptions struct {
	// Vars holds -v NAME=value and config values. They override the
	// environment and are overridden by :setvar. Names are case-insensitive.
	// $(SQLCMDPASSWORD) is never substituted, whatever defines it.
	Vars map[string]string
	// Database is the database the script starts in (sqlcmd -d, the
	// config's database): the value of $(SQLCMDDBNAME). When it is ""
	// and no other value is given, $(SQLCMDDBNAME) is defined but not
	// substituted, so a name written with it stays Unresolved.
	Database string
	// Env looks up environment variables (lowest precedence); nil = none.
	Env func(name string) (string, bool)
	// EnvAllowed reports whether an environment variable may be expanded;
	// nil allows none. A variable of Env that is not allowed counts as
	// undefined (SL002). Names that look secret (IsSecretName) are never
	// expanded from the environment, whatever EnvAllowed says.
	EnvAllowed func(name string) bool
	// Load reads and decodes an :r include; nil = fsread.ReadFile with
	// MaxFileSize, then Decode.
	Load func(path string) (*File, error)
	// MaxFileSize is the largest file the default Load reads, in bytes;
	// 0 = DefaultMaxFileSize.
	MaxFileSize int64
	// Roots are the folders :r may include files from: the scanned paths
	// and the config file's folder. Paths are made absolute and symbolic
	// links resolved, on both sides, before the check. nil = the folder of
	// the root file.
	Roots []string
	// IncludeOutside lets :r include files outside Roots.
	IncludeOutside bool
	// UntrustedConfig says that the config file's include-roots,
	// include-outside and env are ignored (--untrusted-config): the
	// message of a refused include or of an environment variable not
	// allowed then says what the command line can do instead.
	UntrustedConfig bool
	// UntrustedRemedy is how to read a refused include instead, for those
	// messages ("scan its folder too, or give it with --context DIR" when
	// empty: scan's flags).
	UntrustedRemedy string
	// MaxExpanded bounds the bytes that :r includes and $(var) values add
	// to one root file; 0 = DefaultMaxExpanded.
	MaxExpanded int64
	// Includes shares the files included, and a per-run bound on the
	// expanded bytes, between the Preprocess calls of a run; nil = nothing
	// shared. It is safe for concurrent use.
	Includes *IncludeCache
	// MaxDepth limits the nesting of :r includes; 0 = 16.
	MaxDepth int
	// Declared reports whether a variable the script does not define is
	// declared for it elsewhere, with a value given only when it is
	// deployed (a variable of the SQL project the root file belongs to):
	// the reference then stays in the text, as for sqlcmd's own
	// variables, and is not reported as undefined. root is the path of
	// the script's root file, name the variable as written. nil = none.
	Declared func(root, name string) bool
	// ProjectValue gives the value the project of the script's root file
	// gives a variable Declared declares (its default value), where a
	// command needs a value: an include's path, which the project's build
	// resolves with it. ok is false when it gives none. nil = none.
	ProjectValue func(root, name string) (value string, ok bool)
}

// Default limits of the preprocessor (see docs/security.md).
const (
	DefaultMaxFileSize      int64 = fsread.DefaultMaxSize // 64 MB per file read by :r
	DefaultMaxExpanded      int64 = 64 << 20              // 64 MB added to one root file
	DefaultMaxTotalExpanded int64 = 256 << 20             // 256 MB added in a run (IncludeCache)
)

// Script is a preprocessed sqlcmd script.
type Script struct {
	File    *File   // the root file
	Files   []*File // root first, then each included file once, in order of first inclusion
	Batches []*Batch
	Diags   []Diag // Rule "SL002" problems
	// Expanded is the number of bytes :r includes and $(var) values added
	// to the root file's text.
	Expanded int64
	// IncludeCommands counts the :r command lines read, whether or not
	// they included a file: none means that the script includes nothing
	// whatever the include limits and the files on disk.
	IncludeCommands int
	// Connects holds, for each :connect, the index of the first batch
	// that runs on the new connection: the batch being built when the
	// command is read (sqlcmd sends it when its GO comes), in order.
	Connects []int
	// ConnectServers holds, for each :connect, the server it names,
	// lower-cased, its variables resolved; "" when one has no known value;
	// ConnectSameServer for $(SQLCMDSERVER) alone.
	ConnectServers []string
}

// ConnectSameServer is the server of `:connect $(SQLCMDSERVER)`: sqlcmd
// sets SQLCMDSERVER to the server it is connected to (-S, then the one
// of each :connect), so the command connects again to the same server.
const ConnectSameServer = "\x00"

const (
	ppDefaultMaxDepth = 16
	// ppMaxIncludes bounds the :r commands a script runs, those that fail
	// included, so that a few files including each other many times cannot
	// blow up.
	ppMaxIncludes = 10000
	ppRuleSqlcmd  = "SL002"
)

// Lexical states that hide GO lines, commands and (for comments) $(var).
const (
	ppStNormal  uint8 = iota
	ppStSingle        // '...' (also N'...'), '' escapes a quote
	ppStDouble        // "...", "" escapes a quote
	ppStBracket       // [...], ]] escapes a bracket
	ppStBlock         // /* ... */, nesting
)

// Byte classes: the bytes at which the scanner must stop in the normal
// state (in a quoted run, its closing quote and '$': ppQuoteEnd).
var (
	// 0xEF: a byte order mark (U+FEFF) may start there (midBOM; other
	// characters from U+F000 to U+FFFF are passed over).
	ppStopNormal = ppByteSet("'\"[-/$\n\r\xef")
	// Bytes that can start a GO line or a command (after blanks), and
	// the first byte of a byte order mark (lineCommand reports one that
	// starts a line: files joined with cat keep each one's).
	ppLineStart = ppByteSet("Gg:!EeQqRr\xef")
)

// The normal state's byte table: the bytes at which the scanner stops,
// and, while a batch still looks plain (PreprocessPlain), the places
// where a word of interest may start. For each byte the low bits say
// when to stop at it and the high bits what it lets the next byte stop
// at: stop at s[i] when tab[s[i]] & (tab[s[i-1]] >> 4) != 0.
const (
	ppAlways   = 1 << 0 // a byte the scanner acts on
	ppWordHead = 1 << 1 // the first letter of a word of interest: after a non-word byte
	ppHexX     = 1 << 2 // 'x' or 'X': after '0' (a 0x literal, which may end right before a word)
	// As the byte before: every byte allows ppAlways; a byte that does
	// not continue a word allows ppWordHead; '0' allows ppHexX.
	ppAfterAny     = ppAlways << 4
	ppAfterNonWord = ppWordHead << 4
	ppAfterZero    = ppHexX << 4
)

// ppPairs has, for each first letter of a word of interest (ppKeywordAt),
// a bit for each second letter of one (bits c&0x1f, either case), and
// ppThirds the third letter of the word that starts with the two (no two
// words start alike): most words that start with their first letters
// (dbo, DATEADD, ...) are passed over on them. A byte that is not a
// letter may share a bit with one: ppWordAt decides.
var (
	ppPairs  [32]uint32
	ppThirds [32][32]byte
)

func init() {
	for _, w := range []string{"use", "checkpoint", "backup", "restore", "database", "dbcc", "sp_addumpdevice", "sp_dropdevice"} {
		ppPairs[w[0]&0x1f] |= 1 << (w[1] & 0x1f)
		ppThirds[w[0]&0x1f][w[1]&0x1f] = w[2] | 0x20 // (the _ of sp_ as ppPairAt folds it)
	}
}

// ppWordStart is where a word of interest may start for a stop of the
// plain table at the letter s[i] (ppHeads, 'x' after '0', or the second
// letter of one of ppWordPairs): i, or the start of the word of the
// pair, or -1 when no word of interest can start there (too close to
// the start of s, or after a byte of a word, which the plain table
// would not have stopped at as a first letter).
func ppWordStart(s string, i int) int {
	if i == 0 {
		return i
	}
	var w int
	switch b, c := s[i-1]|0x20, s[i]|0x20; {
	case b == 'k' && c == 'p':
		w = i - 5
	case b == 'k' && c == 'u':
		w = i - 4
	case b == 'a' && c == 'b':
		w = i - 4
	case b == 'b' && c == 'c':
		w = i - 2
	case b == 'i' && c == 'c':
		// the c of sp_addumpdevice's or sp_dropdevice's "device",
		// after "dump" or "drop"
		w = i - len("sp_drop") - 4
		if i >= 8 && s[i-7]|0x20 == 'u' {
			w = i - len("sp_addump") - 4
		}
		if w < 0 || s[w+2] != '_' {
			return -1 // (not another word of interest that starts there)
		}
	default:
		return i
	}
	if w < 0 || w > 0 && ppTabPlain[s[w-1]]&ppAfterNonWord == 0 {
		return -1
	}
	return w
}

// ppInterestAt reports whether a word of interest starts at or before
// s[i], a letter the plain table stops at (ppWordStart).
func ppInterestAt(s string, i int) bool {
	w := ppWordStart(s, i)
	return w >= 0 && (s[w]|0x20 == 'x' || ppPairAt(s, w)) && ppWordAt(s, w)
}

// ppPairAt reports whether s[i], a letter, s[i+1] and s[i+2] may start a
// word of interest (ppPairs; every one has three letters at least).
func ppPairAt(s string, i int) bool {
	if i+2 >= len(s) {
		return false
	}
	a, b := s[i]&0x1f, s[i+1]&0x1f
	return ppPairs[a]>>b&1 != 0 && s[i+2]|0x20 == ppThirds[a][b]
}

var (
	// ppTabPlain is the table while the batch may still be plain, ppTabLoud
	// once it is not: the scanner then stops only where it must.
	ppTabPlain, ppTabLoud [256]uint8
)

// ppHeads are the letters the plain table stops at after a byte that
// ends a word (ppWordHead): the first letters of USE and RESTORE. The
// other words of interest are looked at where two of their letters
// that seldom meet elsewhere meet (ppWordPairs): their first letters
// start many words (CREATE, COLUMN, dbo, DECLARE, BEGIN, sp_executesql,
// ...), which were close to half of the scanner's stops in typical
// scripts.
const ppHeads = "ruRU"

// ppWordPairs are, for the words of interest whose first letter is not
// in ppHeads, two letters of the word (lower case) at which the plain
// table stops, and how far back from the second the word starts.
var ppWordPairs = [...]struct {
	pair string
	back int
}{{"kp", 5} /* checKPoint */, {"ku", 4} /* bacKUp */, {"ab", 4} /* datABase */, {"bc", 2} /* dBCc */, {"ic", 13} /* sp_addumpdevICe, sp_dropdevICe (11) */}

func init() { ppBuildTables(ppHeads, true) }

// ppBuildTables makes ppTabPlain, ppTabLoud and ppPairTab, the plain
// table stopping at the letters heads after a byte that ends a word and,
// with pairs, at ppWordPairs. (The tests make the tables of the rule
// that stops at the first letter of every word of interest, to compare.)
func ppBuildTables(heads string, pairs bool) {
	for c := 0; c < 256; c++ {
		after := uint8(ppAfterAny)
		// Word bytes for the filter: letters, _, #, @ and non-ASCII.
		// Digits and $ are not (a number can end right before a word):
		// a word after them is looked at more closely (ppWordAt).
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '#' || c == '@' || c >= 0x80) {
			after |= ppAfterNonWord
		}
		if c == '0' {
			after |= ppAfterZero
		}
		ppTabPlain[c] = after
		ppTabLoud[c] = ppAfterAny
		if ppStopNormal[c] {
			ppTabPlain[c] |= ppAlways
			ppTabLoud[c] |= ppAlways
		}
	}
	// '<' may start an SSMS template (<name, type, value>), which the
	// T-SQL scanner reads as one token, quotes and comment markers
	// included: a plain batch must not hold one before a quote or
	// comment on the same line.
	ppTabPlain['<'] |= ppAlways
	for _, c := range []byte(heads) {
		ppTabPlain[c] |= ppWordHead
	}
	ppTabPlain['x'] |= ppHexX
	ppTabPlain['X'] |= ppHexX
	ppBuildPairTab()
	ppTabsNow = heads == ppHeads && pairs && ppPairMarks
	if pairs {
		for _, w := range ppWordPairs {
			for _, b := range []byte{w.pair[0], w.pair[0] - 0x20} {
				for _, c := range []byte{w.pair[1], w.pair[1] - 0x20} {
					ppPairTab[uint16(b)|uint16(c)<<8] |= ppPPlain
				}
			}
		}
	}
}

// ppPairTab is the normal state's table of pairs of bytes, indexed by
// the byte before (low 8 bits) and the byte (high 8 bits): whether the
// scanner stops at the second byte, for each mask of ppMask. It is the
// byte tables' rule (ppTabPlain, ppTabLoud) but for line feeds: those stop
// the scan only when the line after them starts with a byte that may
// start a GO line or a command (ppPLine), or when every line break
// matters (ppPNL). An indented line is looked at where such a byte
// follows a blank (ppPIndent; the scanner then looks back for the line
// feed), rather than at every blank that starts a line (ppPBlank, which
// only the tests' masks hold: about a quarter of the stops in typical
// scripts, whose lines are mostly indented).
var ppPairTab [1 << 16]uint8

// The bits of ppPairTab.
const (
	ppPPlain  = 1 << 0 // the plain table stops at the byte (not a line feed)
	ppPLoud   = 1 << 1 // the loud table stops at the byte (not a line feed)
	ppPLine   = 1 << 2 // after a line feed, a byte that may start a GO line or command
	ppPNL     = 1 << 3 // after a line feed, any byte
	ppPBlank  = 1 << 4 // after a line feed, a blank
	ppPIndent = 1 << 5 // after a blank, a byte that may start a GO line or command
	// ppPLess: after a '<' that may start a template (the byte is not in
	// ppLessNever), in the plain table; the byte's own stop is ppPPlain.
	ppPLess = 1 << 6
	// ppPLines are the bits of the line starts that are not ppPIndent's.
	ppPLines = ppPLine | ppPNL | ppPBlank
)

// ppPairMarks is whether the table of pairs stops at the second byte of
// "--" rather than at every '-', and after a '<' that may start a
// template (ppPLess) rather than at every '<': most dashes are minus
// signs and most '<' comparisons, and each was a stop (about 13% of
// them in typical scripts). The tests clear it to compare with the
// rule that stops at both bytes.
var ppPairMarks = true

// ppLineBits are the bits every mask of ppMask holds for the starts of
// lines: ppPLine and ppPIndent; the tests set ppPLine and ppPBlank, the
// rule that stops at every line that starts with a blank, to compare.
var ppLineBits uint8 = ppPLine | ppPIndent

func ppBuildPairTab() {
	// The bytes that stop in the same cases have the same entries, for
	// all the bytes before them (a block of 256 entries): each block is
	// made once.
	var made [2048]int // by class of the byte: 1 + the byte whose block it is
	for c := 0; c < 256; c++ {
		blank, line := c == ' ' || c == '\t', ppLineStart[c]
		class := int(ppTabPlain[c]&0x0f) | int(ppTabLoud[c]&0x0f)<<4
		if line {
			class |= 1 << 8
		}
		if blank {
			class |= 1 << 9
		}
		if ppLessNever[c] {
			class |= 1 << 10
		}
		own := c != '\n' && !(ppPairMarks && (c == '-' || c == '<')) // a block of its own
		if r := made[class]; r > 0 && own {
			copy(ppPairTab[c<<8:c<<8+256], ppPairTab[(r-1)<<8:(r-1)<<8+256])
			continue
		} else if own {
			made[class] = c + 1
		}
		for b := 0; b < 256; b++ {
			var e uint8
			if c != '\n' {
				if ppTabPlain[c]&(ppTabPlain[b]>>4) != 0 {
					e |= ppPPlain
				}
				if ppTabLoud[c]&(ppTabLoud[b]>>4) != 0 {
					e |= ppPLoud
				}
			}
			if ppPairMarks {
				switch {
				case c == '-' && b != '-': // a minus sign, or a comment's first dash
					e &^= ppPPlain | ppPLoud
				case c == '<':
					e &^= ppPPlain // (the loud table never stops at '<')
				}
				if b == '<' && !ppLessNever[c] {
					e |= ppPLess
				}
			}
			if b == '\n' {
				e |= ppPNL
				if line {
					e |= ppPLine
				}
				if blank {
					e |= ppPBlank
				}
			}
			if (b == ' ' || b == '\t') && line {
				e |= ppPIndent
			}
			ppPairTab[b|c<<8] = e
		}
	}
}

// ppMask is the mask of ppPairTab bits the scanner stops at: loud is
// whether the batch is known not to be plain; lt the offset of a '<' or
// "${" on the line, or -1 (while there is one every line feed stops the
// scan, which then knows where the line ends); rd ppPNL while p.reading
// is to be called.
func ppMask(loud bool, lt int, rd uint8) uint8 {
	m := ppPPlain | ppPLess | ppLineBits | rd
	if loud {
		m = ppPLoud | ppLineBits | rd
	}
	if lt >= 0 {
		m |= ppPNL
	}
	return m
}

// ppLessNever is the bytes after which a '<' never starts a template for
// the T-SQL scanner (scanTemplate gives it up at once: a comparison such
// as a < b, a <> b or a <(...)): the line after it is then read as a
// line without one.
var ppLessNever = ppByteSet(" ><\n\r';()")

func ppByteSet(chars string) (t [256]bool) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}

// Preprocess runs the sqlcmd preprocessor over f and the files it
// includes. It never fails: problems are reported as SL002 diagnostics.
func Preprocess(f *File, opt *PreprocessOptions) *Script {
	return PreprocessFunc(f, opt, nil)
}

// PreprocessFunc is Preprocess that hands each batch to fn, in order, as
// soon as its GO line (or the end of the script) is read, instead of
// keeping it in Script.Batches: a script of many batches never holds
// them all. fn runs on the calling goroutine, before the rest of the
// script is read; the Script returned (Files, Diags, Expanded) is
// complete only after the last batch. A nil fn is Preprocess.
func PreprocessFunc(f *File, opt *PreprocessOptions, fn func(*Batch)) *Script {
	if fn == nil {
		return PreprocessPlain(f, opt, nil)
	}
	return PreprocessPlain(f, opt, func(b *Batch, _ bool) { fn(b) })
}

// PreprocessPlain is PreprocessFunc whose fn also learns whether the
// batch is plain, found on the preprocessor's own pass over the bytes: a
// plain batch, scanned and split, gives only ordinary statements (Kind
// Other, no Node), no Directive, no Diag, and no Dynamic with AddFile.
// Its text is one run of one file, without a $(var), and holds no word
// that starts or marks a statement of interest (USE, CHECKPOINT, BACKUP,
// RESTORE, DBCC, DATABASE) outside strings and comments, no string with
// "add" in it, no sqllint: comment, nothing unterminated. A batch that
// is not plain may be any batch: the test is cheap and errs that way.
func PreprocessPlain(f *File, opt *PreprocessOptions, fn func(b *Batch, plain bool)) *Script {
	return preprocessPlain(f, opt, fn, false)
}

// PreprocessLent is PreprocessPlain whose plain batches are lent: a
// plain batch (*b and its Segs) is valid only until fn returns, as the
// next plain batch reuses its memory; fn keeps one with b.Clone(). A
// caller that drops most plain batches unlooked-at (a static run, once
// nothing ordinary matters) then allocates nothing for them. The other
// batches are fn's to keep, as with PreprocessPlain.
func PreprocessLent(f *File, opt *PreprocessOptions, fn func(b *Batch, plain bool)) *Script {
	return preprocessPlain(f, opt, fn, fn != nil)
}

// PreprocessLentReading is PreprocessLent calling reading, on the calling
// goroutine, each time the preprocessor has read about ReadingStep more
// bytes of f's own text (not of the files it includes), with the offset
// in f.Text it has read up to: the text of the batch it builds is read
// again only when that batch is parsed (the pages of a mapped script's
// huge batch may go meanwhile).
func PreprocessLentReading(f *File, opt *PreprocessOptions, fn func(b *Batch, plain bool), reading func(off int)) *Script {
	return preprocess(f, opt, fn, fn != nil, reading, false)
}

// IncludedFiles is the files the script of f includes: Preprocess's
// Files but the root, in the same order, learnt the way Preprocess
// learns them (its :r and :setvar, its variables, its limits, charged
// to opt.Includes as Preprocess charges them) without building the
// script's batches: the text of a batch that includes a file is never
// joined, and no batch is kept. A chain of small files that includes
// each file twice expands to max-expanded-size (64 MB) a script, which
// Preprocess holds as one batch and IncludedFiles never makes.
func IncludedFiles(f *File, opt *PreprocessOptions) []*File {
	s := preprocess(f, opt, func(*Batch, bool) {}, true, nil, true)
	return s.Files[1:]
}

// ReadingStep is how often PreprocessLentReading reports, in bytes.
const ReadingStep = 4 << 20

func preprocessPlain(f *File, opt *PreprocessOptions, fn func(b *Batch, plain bool), lend bool) *Script {
	return preprocess(f, opt, fn, lend, nil, false)
}

// preprocess runs the preprocessor over f; discard drops the batches
// that are built of several runs unjoined (IncludedFiles: fn gets none
// of them, and the plain ones only lent).
func preprocess(f *File, opt *PreprocessOptions, fn func(b *Batch, plain bool), lend bool, reading func(int), discard bool) *Script {
	// The preprocessor comes from a pool, with the lent batch and what is
	// left of the slab of the scripts it read before (the memory of
	// neither is anyone else's).
	p := ppPool.Get().(*ppPreprocessor)
	lent, slab, slabSize := p.b.lent, p.b.slab, p.b.slabSize
	sc := &ppScript{}
	sc.File, sc.files[0] = f, f
	sc.Files = sc.files[:]
	*p = ppPreprocessor{
		reading: reading,
		lend:    lend,
		onBatch: fn,
		script:  &sc.Script,
		// vars and files are made when first written: most scripts
		// define no variable and include nothing
		maxDepth:    ppDefaultMaxDepth,
		maxExpanded: DefaultMaxExpanded,
	}
	p.b.lent, p.b.slab, p.b.slabSize = lent, slab, slabSize
	p.b.discard = discard
	maxFile := DefaultMaxFileSize
	if opt != nil {
		for k, v := range opt.Vars {
			if k = strings.ToUpper(k); k != ppPassword {
				p.setVar(k, v)
			}
		}
		p.database = opt.Database
		p.env = opt.Env
		p.envAllowed = opt.EnvAllowed
		p.declared = opt.Declared
		p.projectValue = opt.ProjectValue
		p.load = opt.Load
		if opt.MaxFileSize > 0 {
			maxFile = opt.MaxFileSize
		}
		if opt.MaxDepth > 0 {
			p.maxDepth = opt.MaxDepth
		}
		if opt.MaxExpanded > 0 {
			p.maxExpanded = opt.MaxExpanded
		}
		p.roots = opt.Roots
		p.outside = opt.IncludeOutside
		p.untrusted, p.remedy = opt.UntrustedConfig, opt.UntrustedRemedy
		p.cache = opt.Includes
	}
	p.maxFile = maxFile
	p.stack1[0] = f.Path // cleaned at the first include (include): most scripts have none
	p.stack = p.stack1[:]
	p.scanFile(f)
	if !p.quit {
		p.emit(1, false)
	}
	p.countUndefined()
	p.countLoneCR()
	script := p.script
	script.Expanded = p.expanded
	// Nothing the caller keeps points into p: back to the pool, without
	// what it made for this script but the lent batch and the slab.
	lent, slab, slabSize = p.b.lent, p.b.slab, p.b.slabSize
	*p = ppPreprocessor{}
	p.b.lent, p.b.slab, p.b.slabSize = lent, slab, slabSize
	ppPool.Put(p)
	return script
}

// ppPool holds preprocessors between scripts (preprocess).
var ppPool = sync.Pool{New: func() any { return new(ppPreprocessor) }}

// ppScript is a Script and the room of its first file: one allocation.
type ppScript struct {
	Script
	files [1]*File
}

// loadFile loads an include: through the Load of the options, or from
// the disk.
func (p *ppPreprocessor) loadFile(path string) (*File, error) {
	if p.load != nil {
		return p.load(path)
	}
	return ppLoadFile(path, p.maxFile)
}

// LoadFile reads and decodes an include as the default Load does: a
// regular file of at most limit bytes (0 = DefaultMaxFileSize), never a
// blocking open. A custom Load that falls back to the disk uses it.
func LoadFile(path string, limit int64) (*File, error) { return ppLoadFile(path, limit) }

// ppLoadFile reads an include: a regular file of at most limit bytes,
// never a blocking open.
func ppLoadFile(path string, limit int64) (*File, error) {
	data, err := fsread.ReadFile(path, limit)
	if err != nil {
		return nil, err
	}
	return Decode(path, data)
}

type ppPreprocessor struct {
	script  *Script
	onBatch func(*Batch, bool) // nil: batches go to script.Batches
	lend    bool               // plain batches are lent to onBatch (PreprocessLent)
	reading func(off int)      // or nil (PreprocessLentReading)
	// loud is set once the batch under construction is known not to be
	// plain (PreprocessPlain).
	loud       bool
	loneCR     map[*File]*ppUndefUses // by file, the command after a lone CR reported, and the later ones (afterLoneCR)
	nbatches   int                    // batches emitted so far
	vars       map[string]string      // upper-case name -> value: -v values, then :setvar
	upper      map[string]string      // name as written -> upper case (saves an allocation per use)
	database   string                 // $(SQLCMDDBNAME) when not set otherwise
	env        func(string) (string, bool)
	envAllowed func(string) bool
	declared   func(root, name string) bool
	load       func(string) (*File, error) // nil: ppLoadFile (loadFile)
	maxFile    int64
	maxDepth   int
	files      map[string]*File // files included so far, by real path
	stack      []string         // include chain, cleaned paths (the root's from the first include), root first
	stack1     [1]string        // the room of a stack of the root alone
	realStack  []string         // the same, real paths; filled at the first include
	includes   int
	quit       bool // :quit / :exit seen: stop everything
	// undef are the variables reported as not defined, by file: each is
	// reported once, at its first use (see undefined)
	undef map[ppUndefKey]*ppUndefUses
	// reads counts, for each included file, the :r commands that have
	// read it (a file included twice is read twice)
	reads map[*File]int

	// projectValue is PreprocessOptions.ProjectValue
	projectValue func(root, name string) (string, bool)

	// Where includes may come from and how much text they may add.
	roots       []string // as given; nil = the root file's folder
	realRoots   []string // resolved at the first include
	outside     bool
	untrusted   bool   // PreprocessOptions.UntrustedConfig, for messages
	remedy      string // PreprocessOptions.UntrustedRemedy
	cache       *IncludeCache
	ownFolds    *FoldCache // folders listed for :r names, without a cache
	maxExpanded int64
	expanded    int64
	overBudget  bool // a limit was reached: nothing more is expanded

	// The $(var) references of the batch under construction, up to
	// ppMaxBatchRefs, and whether a :setvar since changed the variable of
	// one (resolveAgain, at its GO).
	refs  []ppRef
	stale bool

	// Lexical state; it carries over from one line, and one file, to the
	// next as in sqlcmd, whose batch state is shared by included files.
	state uint8
	depth int // block comment nesting

	b ppBatchBuilder
}

// diag records an SL002 over start to end of f, up to ppMaxDiags a script.
func (p *ppPreprocessor) diag(f *File, start, end int, msg string) {
	switch k := len(p.script.Diags); {
	case k > ppMaxDiags:
		return
	case k == ppMaxDiags:
		msg = fmt.Sprintf("more than %d sqlcmd errors in this script: the rest are not reported (sqlcmd stops at the first)", ppMaxDiags)
	}
	n := len(f.Text)
	start = max(0, min(start, n))
	end = max(start, min(end, n))
	p.script.Diags = append(p.script.Diags, Diag{
		Rule:    ppRuleSqlcmd,
		Span:    Span{Start: Pos{File: f, Offset: start}, End: Pos{File: f, Offset: end}},
		Message: msg,
	})
}

// ppUndefKey is a variable reported as not defined in a file: its name
// in upper case (sqlcmd's names ignore case) and why it has no value.
type ppUndefKey struct {
	f    *File
	name string
	st   ppVarState
}

// ppUndefUses are the uses of a variable after the one reported: diag
// is the index of its finding in Script.Diags, more how many uses
// followed, on lines starting with those of the offsets at (the
// first ppUndefLines lines, one offset each), and later lines past
// those.
type ppUndefUses struct {
	diag  int
	read  int // the reading of the file (reads) whose uses count
	more  int
	lines int // how many of at are set
	later bool
	seen  int // the offset of the last use looked at
	at    [ppUndefLines]int
}

// ppUndefLines is how many lines of later uses a message names.
const ppUndefLines = 5

// undefined reports variable name, used over start to end of f, as not
// defined (st says why), once a file: sqlcmd stops at the first use, and
// a script that uses four variables nineteen times made nineteen
// findings of four problems. A later use in the same file counts in the
// first one's message (countUndefined), which names its line: undefined
// then returns the first use's record, else nil.
func (p *ppPreprocessor) undefined(f *File, start, end int, name string, st ppVarState) *ppUndefUses {
	return p.undefinedIn(f, p.reads[f], start, end, name, st)
}

// undefinedIn is undefined for a use in the given reading of f (reads).
func (p *ppPreprocessor) undefinedIn(f *File, read, start, end int, name string, st ppVarState) *ppUndefUses {
	k := ppUndefKey{f: f, name: strings.ToUpper(name), st: st}
	if u := p.undef[k]; u != nil {
		if u.read != read {
			// the file read again by another :r: a use counted already
			return nil
		}
		u.more++
		// a line of its own when a line break comes after the last use
		// looked at (the text between is looked at once: a line of a
		// million uses is read once, not once for each)
		last := u.seen
		u.seen = start
		switch {
		case u.later || last > start || strings.IndexByte(f.Text[last:start], '\n') < 0:
		case u.lines < ppUndefLines:
			u.at[u.lines] = start
			u.lines++
		default:
			u.later = true
		}
		return u
	}
	n := len(p.script.Diags)
	p.diag(f, start, end, ppUndefinedMessage(name, st, p.untrusted))
	if len(p.script.Diags) == n || n >= ppMaxDiags {
		return nil // not reported (the cap): nor are later uses
	}
	if p.undef == nil {
		p.undef = map[ppUndefKey]*ppUndefUses{}
	}
	p.undef[k] = &ppUndefUses{diag: n, read: read, seen: start}
	return nil
}

// uncount takes back the later use at offset start that undefined
// counted in u, when a :setvar later in its batch defines the variable.
func (u *ppUndefUses) uncount(start int) {
	u.more--
	for k := 0; k < u.lines; k++ {
		if u.at[k] == start {
			copy(u.at[k:u.lines], u.at[k+1:u.lines])
			u.lines--
			return
		}
	}
}

// countUndefined adds to the finding of each variable reported as not
// defined its later uses in the file, once it is read whole: "; also
// used 3 more times in this file, at lines 40, 52 and 60".
func (p *ppPreprocessor) countUndefined() {
	for k, u := range p.undef {
		if u.more == 0 {
			continue
		}
		d := &p.script.Diags[u.diag]
		d.Message += ppUndefMore(k.f, u)
	}
}

// ppUndefMore is what the finding of a variable not defined says of its
// later uses u in file f.
func ppUndefMore(f *File, u *ppUndefUses) string {
	var b strings.Builder
	if u.more == 1 {
		b.WriteString("; also used once more in this file")
	} else {
		fmt.Fprintf(&b, "; also used %d more times in this file", u.more)
	}
	if u.lines == 0 {
		b.WriteString(", on the same line")
	} else {
		b.WriteString(", ")
		ppAtLines(&b, f, u.at[:u.lines], u.later)
	}
	b.WriteString(" (sqlcmd stops at the first)")
	return b.String()
}

// ppAtLines writes "at line 4", "at lines 4, 6 and 9", or with later
// "at lines 4, 6 and later ones": the lines of offsets at of f.
func ppAtLines(b *strings.Builder, f *File, at []int, later bool) {
	if len(at) == 1 && !later {
		b.WriteString("at line ")
	} else {
		b.WriteString("at lines ")
	}
	for i, off := range at {
		switch {
		case i == 0:
		case i == len(at)-1 && !later:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(Pos{File: f, Offset: off}.Position().Line))
	}
	if later {
		b.WriteString(" and later ones")
	}
}

// ppMaxDiags is how many sqlcmd errors a script reports; one more says
// that the rest are not. sqlcmd stops at the first, and a hostile script
// of "$(" repeated would otherwise make a finding every two bytes (8 MB of
// them took 2.2 GB).
const ppMaxDiags = 1000

// emit ends the batch under construction (if it has any text), at a GO
// line when atGO.
func (p *ppPreprocessor) emit(count int, atGO bool) {
	// A batch built of several runs (a command line or an include inside
	// it, a $(var)) is never plain, nor one that ends inside a string or
	// comment.
	if p.stale {
		p.resolveAgain()
	}
	if len(p.refs) > 0 {
		p.refs = p.refs[:0]
	}
	plain := !p.loud && !p.b.built && p.state == ppStNormal
	p.loud = false
	if b := p.b.finish(plain && p.lend); b != nil {
		b.Index = p.nbatches
		b.Count = int32(min(count, math.MaxInt32))
		b.AtGO = atGO
		p.nbatches++
		if p.onBatch != nil {
			p.onBatch(b, plain)
			return
		}
		p.script.Batches = append(p.script.Batches, b)
	}
}

// scanFile runs f through the scanner, appending its text to the current
// batch and acting on GO lines, commands and variable references. While
// the batch may still be plain (PreprocessPlain) it also stops where a
// word of interest may start, and looks into strings and comments for
// what would make the batch matter.
func (p *ppPreprocessor) scanFile(f *File) {
	s := f.Text
	n := len(s)
	run := 0 // start of the text not yet appended to the batch
	i := 0
	state, depth := p.state, p.depth
	if state != ppStNormal {
		p.loud = true // a string or comment that began in another file
	}
	tab := p.table()
	base := unsafe.Pointer(unsafe.StringData(s))
	var (
		e  uint8 // the entry of ppPairTab the scan stopped at
		j  int
		rd uint8 // ppPNL while p.reading is to be called in f
	)
	// lt is the offset of the last '<' or "${" outside strings and
	// comments: the T-SQL scanner may read a template or placeholder
	// there as one token, comment or quote markers included, so a
	// comment or quote after it on its line makes the batch loud.
	lt := -1
	qs := 0       // where the single-quoted string being read starts
	tick := n + 1 // the offset of the next call of p.reading: none
	if p.reading != nil && f == p.script.File {
		tick = i + ReadingStep
	}
	if tick <= n {
		rd = ppPNL // every line break stops the scan: i >= tick is looked at there
	}
	mask := ppMask(p.loud, -1, rd)
	for !p.quit {
		if i >= tick {
			p.reading(i)
			tick = i + ReadingStep
			if tick > n {
				rd, mask = 0, ppMask(p.loud, lt, 0)
			}
		}
		ls := i // the start of the line
		// i is at the start of a line. In the normal state it may be a GO
		// line or a command; look closer only when its first non-blank
		// byte can start one.
		if state == ppStNormal {
			j := i
			for j < n && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j < n && ppLineStart[s[j]] {
				if next, ok := p.lineCommand(f, i, j, &run); ok {
					state, depth = p.state, p.depth // an include may change them
					// a GO line starts a batch; a '<' before it is on a
					// line before this one
					lt, tab, mask = -1, p.table(), ppMask(p.loud, -1, rd)
					i = next
					continue
				}
			}
		}
		// Scan to the start of the next line.
	line:
		for i < n {
			switch state {
			case ppStNormal:
				// The first byte is looked at against the byte before it
				// as the byte table says (a line break there is no line
				// start to look at again); the hot loop (ppRun) then
				// reads the bytes sixteen per round, each with the byte
				// before it as one index of the table of pairs
				// (ppPairTab), and takes the simple stops itself.
			first:
				if i >= n {
					break line
				}
				if i == 0 {
					if tab[s[0]]&((ppAfterAny|ppAfterNonWord)>>4) != 0 {
						goto stop
					}
				} else if ppPairTab[uint16(s[i-1])|uint16(s[i])<<8]&mask&^(ppPLines|ppPIndent|ppPLess) != 0 {
					goto stop
				}
				i++
			scan:
				// (i > 0 always: the byte before i is s's)
				if rd == 0 || lt >= 0 {
					i, e, ls = ppRun(s, i, ls, n, mask)
				} else if i, e, ls = ppRun(s, i, ls, tick, mask&^ppPNL); e == 0 && i < n {
					// At the offset of the next call of p.reading: on
					// with every line break a stop (the call is made at
					// the first line start from there).
					i, e = ppStop(base, i, n, mask)
				}
				if i >= n {
					break line
				} else if e == ppPCommand {
					// a line that may be a GO line or a command, its
					// first byte past the blanks at i (ppRun)
					i, j = ls, i
					goto command
				}
				if e&mask&ppPLines == 0 {
					if e&mask&(ppPIndent|ppPLess) == 0 {
						goto stop
					}
					if e&mask&ppPLess != 0 {
						// After a '<' that may start a template (the
						// plain table's): the byte's own stop follows.
						lt, mask = i-1, ppMask(p.loud, i-1, rd)
						if e&mask&ppPPlain != 0 {
							goto stop
						}
						i++
						goto scan
					}
					// After a blank, a byte that may start a GO line or
					// a command: the line starts at the blanks before it
					// when a line feed is before them, and the line is
					// looked at there unless it has been (ls).
					j = i - 1
					for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
						j--
					}
					if j > ls && s[j-1] == '\n' {
						i = j
						goto lineStart
					}
					if e&mask&^ppPIndent != 0 {
						goto stop
					}
					i++
					goto scan
				}
				// right after a line feed
			lineStart:
				// i starts a line. It goes on here unless its first
				// non-blank bytes may start a GO line or a command
				// (blanks never stop the scan; ppCommandHead).
				if lt >= 0 {
					// a template or placeholder ends with its line
					lt, mask = -1, ppMask(p.loud, -1, rd)
				}
				j = i
				for j+4 <= n && s[j:j+4] == "    " { // indentation, four at a time
					j += 4
				}
				for j < n && (s[j] == ' ' || s[j] == '\t') {
					j++
				}
				if j >= n || i >= tick {
					break line // (p.reading is called there)
				}
				if !ppLineStart[s[j]] || !ppCommandHead(s, j) {
					ls, i = i, j
					goto first // the commonest stop: straight back to the loop
				}
			command:
				// As at the top of the loop over lines (and on from there
				// after a command: the next line may be one).
				p.state, p.depth = state, depth
				if next, ok := p.lineCommand(f, i, j, &run); ok {
					state, depth = p.state, p.depth // an include may change them
					lt, tab, mask = -1, p.table(), ppMask(p.loud, -1, rd)
					i = next
					break line
				}
				ls, i = i, j
				goto first
			stop:
				if c := s[i]; tab[c]&ppAlways == 0 {
					// A letter where a word of interest may start or
					// show (the plain table only stops at those): the
					// scan goes on right after it.
					if ppInterestAt(s, i) {
						p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
					}
					i++
					goto scan
				}
				switch c := s[i]; c {
				case '\n', '\r':
					i++
					if c == '\r' && i < n && s[i] == '\n' {
						i++
					}
					goto lineStart
				case '\'', '"', '[':
					// Fast path for the common case, a short quoted run
					// closed on the same scan with no $ and no escape;
					// anything else goes through the quoted state below.
					q, st := byte('\''), ppStSingle
					if c == '"' {
						q, st = '"', ppStDouble
					} else if c == '[' {
						q, st = ']', ppStBracket
					}
					if c == '\'' {
						if lt >= 0 { // a template never holds a single quote
							lt, mask = -1, ppMask(p.loud, -1, rd)
						}
					} else if lt >= ls && !p.loud {
						p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
					}
					// (ppQuoteEnd, its first eight bytes here: most
					// quoted runs end in them)
					k := i + 1
					if k+8 <= n {
						x := ppLoad8(base, uintptr(k))
						a, b := x^(ppLo*uint64(q)), x^(ppLo*'$')
						if z := ((a-ppLo)&^a | (b-ppLo)&^b) & ppHi; z != 0 {
							k += bits.TrailingZeros64(z) >> 3
						} else {
							k = ppQuoteEndRest(s, k+8, q)
						}
					} else {
						k = ppQuoteEndRest(s, k, q)
					}
					if k < n && s[k] == q && (k+1 >= n || s[k+1] != q) {
						if !p.loud && (c == '\'' && ppStringMatters(s[i+1:k]) || c != '\'' && ppNameMatters(s[i+1:k])) {
							p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
						}
						i = k + 1
						goto scan
					}
					state, qs = st, i
					i++
				case '-':
					// A line comment: the scan stops at its second dash
					// (ppPairMarks), or at a dash that starts the text.
					d := i - 1
					if i == 0 || s[i-1] != '-' {
						d = i
					}
					if d+1 < n && s[d+1] == '-' { // line comment: skip to the line break
						if !p.loud && (lt >= ls || ppDirectiveAt(s, d+2)) {
							p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
						}
						i = ppCommentEnd(s, d+2)
						if !p.loud && i+1 < n && s[i] == '\r' && s[i+1] != '\n' {
							// The T-SQL scanner ends a line comment at a
							// line feed only: the next line is a comment
							// there.
							p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
						}
					} else {
						i++
					}
				case '/':
					if i+1 < n && s[i+1] == '*' {
						if !p.loud && (lt >= ls || ppDirectiveAt(s, i+2)) {
							p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
						}
						state, depth = ppStBlock, 1
						i += 2
					} else {
						i++
					}
				case '$':
					if i+1 < n && s[i+1] == '{' {
						lt, mask = i, ppMask(p.loud, i, rd) // a migration tool's ${name}
					}
					i = p.variable(f, i, n, &run)
					if p.loud {
						tab, mask = &ppTabLoud, ppMask(true, lt, rd)
					}
				case '<':
					if i+1 >= n || !ppLessNever[s[i+1]] {
						lt, mask = i, ppMask(p.loud, i, rd)
					}
					i++
				case 0xef:
					if i = p.midBOM(f, ls, i, &run); p.loud {
						tab, mask = &ppTabLoud, ppMask(true, lt, rd)
					}
				default:
					// A letter where a word of interest may start or
					// show (the plain table only stops at those).
					if !p.loud && ppInterestAt(s, i) {
						p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
					}
					i++
				}
			case ppStSingle, ppStDouble, ppStBracket:
				q := byte('\'')
				if state == ppStDouble {
					q = '"'
				} else if state == ppStBracket {
					q = ']'
				}
				i = ppQuoteEnd(s, i, q)
				if i >= n {
					break line
				}
				if s[i] == '$' {
					i = p.variable(f, i, n, &run)
					if p.loud {
						tab, mask = &ppTabLoud, ppMask(true, lt, rd)
					}
					continue
				}
				if i+1 < n && s[i+1] == q { // doubled: an escaped quote
					i += 2
					continue
				}
				if state == ppStSingle && !p.loud && ppStringMatters(s[qs:i]) {
					p.loud, tab, mask = true, &ppTabLoud, ppMask(true, lt, rd)
				}
				state = ppStNormal
				i++
			case ppStBlock:
				// T-SQL block comments nest: /* /* */ still comment */.
				i = ppCommentStop(s, i)
				if i >= n {
					break line
				}
				switch {
				case s[i] == '/' && i+1 < n && s[i+1] == '*':
					depth++
					i += 2
				case s[i] == '*' && i+1 < n && s[i+1] == '/':
					i += 2
					if depth--; depth == 0 {
						state = ppStNormal
					}
				default:
					i++
				}
			}
		}
		p.state, p.depth = state, depth
		if i >= n {
			break
		}
	}
	p.state, p.depth = state, depth
	if !p.quit {
		p.b.appendRun(f, run, n)
	}
}

// ppStop is the first offset from i, 0 < i <= n, at which the normal
// state stops with mask in s's text at p, n bytes long, and its entry of
// ppPairTab (each byte with the byte before it as one index), or n. It
// reads sixteen bytes a round. It is a function of its own, so that its
// loop keeps what it reads in registers (in scanFile's it reloaded two
// each round). ppRun, which scanFile calls, has the same loop inline and
// calls it only for the masks with which every line break stops.
//
//go:noinline
func ppStop(p unsafe.Pointer, i, n int, mask uint8) (int, uint8) {
	var e uint8
	for ; i+16 <= n; i += 16 {
		w := unsafe.Add(p, i-1)
		if e = ppPairTab[ppPairLoad(w, 0)]; e&mask != 0 {
			return i, e
		}
		if e = ppPairTab[ppPairLoad(w, 1)]; e&mask != 0 {
			return i + 1, e
		}
		if e = ppPairTab[ppPairLoad(w, 2)]; e&mask != 0 {
			return i + 2, e
		}
		if e = ppPairTab[ppPairLoad(w, 3)]; e&mask != 0 {
			return i + 3, e
		}
		if e = ppPairTab[ppPairLoad(w, 4)]; e&mask != 0 {
			return i + 4, e
		}
		if e = ppPairTab[ppPairLoad(w, 5)]; e&mask != 0 {
			return i + 5, e
		}
		if e = ppPairTab[ppPairLoad(w, 6)]; e&mask != 0 {
			return i + 6, e
		}
		if e = ppPairTab[ppPairLoad(w, 7)]; e&mask != 0 {
			return i + 7, e
		}
		if e = ppPairTab[ppPairLoad(w, 8)]; e&mask != 0 {
			return i + 8, e
		}
		if e = ppPairTab[ppPairLoad(w, 9)]; e&mask != 0 {
			return i + 9, e
		}
		if e = ppPairTab[ppPairLoad(w, 10)]; e&mask != 0 {
			return i + 10, e
		}
		if e = ppPairTab[ppPairLoad(w, 11)]; e&mask != 0 {
			return i + 11, e
		}
		if e = ppPairTab[ppPairLoad(w, 12)]; e&mask != 0 {
			return i + 12, e
		}
		if e = ppPairTab[ppPairLoad(w, 13)]; e&mask != 0 {
			return i + 13, e
		}
		if e = ppPairTab[ppPairLoad(w, 14)]; e&mask != 0 {
			return i + 14, e
		}
		if e = ppPairTab[ppPairLoad(w, 15)]; e&mask != 0 {
			return i + 15, e
		}
	}
	for ; i < n; i++ {
		if e = ppPairTab[ppPairLoad(p, uintptr(i-1))]; e&mask != 0 {
			return i, e
		}
	}
	return n, 0
}

// table is the normal state's byte table for the batch under
// construction.
func (p *ppPreprocessor) table() *[256]uint8 {
	if p.loud {
		return &ppTabLoud
	}
	return &ppTabPlain
}

// ppWordAt reports whether a T-SQL token that starts or marks a statement
// of interest may start at s[i], a letter the plain table stopped at: a
// word head after a non-word byte, or the x of a 0x literal, after whose
// digits a word may start. It errs towards yes.
func ppWordAt(s string, i int) bool {
	if s[i]|0x20 == 'x' {
		j := i + 1
		for j < len(s) && isHex(s[j]) {
			j++
		}
		return j < len(s) && ppKeywordAt(s, j)
	}
	if !ppKeywordAt(s, i) {
		return false
	}
	if i == 0 || !identCont[s[i-1]] {
		return true
	}
	// After a digit or '$': the token starts here only when the run of
	// word bytes before it is a number.
	r := i - 1
	for r > 0 && identCont[s[r-1]] {
		r--
	}
	return s[r] >= '0' && s[r] <= '9'
}

// ppKeywordAt reports whether s[i:] starts with a word that starts or
// marks a statement of interest for the splitter, in any case, as a whole
// word: USE, CHECKPOINT, BACKUP, RESTORE, DBCC, DATABASE (CREATE, ALTER
// and DROP matter only with DATABASE), and DatabaseBackup, the procedure
// whose EXEC procBackup gives a Node (its @Directory may be NUL unquoted,
// no string for ppStringMatters), and sp_addumpdevice and sp_dropdevice,
// whose EXEC gives a DumpDevice (a device on the null device, or one
// dropped, which a BACKUP to the device's name in a later batch reads:
// the batch of either alone is not plain). Most words it is asked about are
// none (dbo, DATEADD, ...): their first four bytes, folded as one
// number, tell them apart at once.
func ppKeywordAt(s string, i int) bool {
	if len(s)-i < 4 {
		return ppKeywordAtSlow(s, i)
	}
	x := uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24 | 0x20202020
	var w string
	switch x {
	case ppFoldChec:
		w = "checkpoint"
	case ppFoldBack:
		w = "backup"
	case ppFoldRest:
		w = "restore"
	case ppFoldData:
		w = "database"
		if e := i + len(w); e < len(s) && s[e]|0x20 == 'b' {
			w = "databasebackup" // (DATABASE itself is no whole word there)
		}
	case ppFoldDbcc:
		return i+4 >= len(s) || !identCont[s[i+4]]
	case ppFoldSpA:
		w = "addumpdevice"
	case ppFoldSpD:
		w = "dropdevice"
	default:
		// use: three bytes, then no byte of a word
		return x&0xffffff == ppFoldUse && !identCont[s[i+3]]
	}
	if x == ppFoldSpA || x == ppFoldSpD {
		if s[i+2] != '_' {
			return false // (another byte that folds as "_" does)
		}
		i += len("sp_")
	}
	e := i + len(w)
	return ppHasPrefixFold(s, i, w) && (e >= len(s) || !identCont[s[e]])
}

// The first four bytes of the words of ppKeywordAt as it folds them (each
// byte | 0x20, the first in the low bits); of "use", three.
const (
	ppFoldChec = 0x63656863
	ppFoldBack = 0x6b636162
	ppFoldRest = 0x74736572
	ppFoldData = 0x61746164
	ppFoldDbcc = 0x63636264
	ppFoldUse  = 0x657375
	ppFoldSpA  = 0x617f7073 // "sp_a", the _ folded to DEL
	ppFoldSpD  = 0x647f7073 // "sp_d"
)

// ppKeywordAtSlow is ppKeywordAt for fewer than four bytes left.
func ppKeywordAtSlow(s string, i int) bool {
	var w string
	switch s[i] | 0x20 {
	case 'u':
		w = "use"
	case 'b':
		w = "backup"
	case 'r':
		w = "restore"
	case 'c':
		w = "checkpoint"
	case 'd':
		w = "database"
		if i+1 < len(s) && s[i+1]|0x20 == 'b' {
			w = "dbcc"
		}
	default:
		return false
	}
	e := i + len(w)
	return ppHasPrefixFold(s, i, w) && (e >= len(s) || !identCont[s[e]])
}

// ppCommentEnd is the offset of the first CR or LF of s at or after i, or
// len(s): the end of a line comment.
func ppCommentEnd(s string, i int) int { return ppFind2(s, i, '\n', '\r') }

// ppCommentStop is the offset of the first '*' or '/' of s at or after
// i, or len(s): where a block comment may end or nest.
func ppCommentStop(s string, i int) int { return ppFind2(s, i, '*', '/') }

// ppHasAdd reports whether s holds "add" in any case: a string that may
// hold ADD FILE text (stringHasAdd).
func ppHasAdd(s string) bool {
	for i := 0; i+3 <= len(s); {
		if s[i+2]|0x20 != 'd' {
			// "add" starts at neither i nor i+1: both want a d at i+2
			i += 2
			continue
		}
		if s[i+1]|0x20 == 'd' && s[i]|0x20 == 'a' {
			return true
		}
		i++
	}
	return false
}

// ppDirectiveAt reports whether the comment body starting at s[i] is a
// sqllint: directive (Scanner.comment).
func ppDirectiveAt(s string, i int) bool {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return ppHasPrefixFold(s, i, "sqllint:")
}

func ppIsVarNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// variable handles the "$" at s[i] (outside comments), where the text may
// hold a reference up to limit. It returns where scanning resumes.
//
// As in go-sqlcmd (parse.go, readVariableReference) a reference is "$("
// + letters, digits, _ or - + ")"; a "$(" not followed by that is a
// syntax error there, a "malformed" SL002 here (the text is kept).
func (p *ppPreprocessor) variable(f *File, i, limit int, run *int) int {
	s := f.Text
	if i+1 >= limit || s[i+1] != '(' {
		return i + 1
	}
	p.loud = true // a batch with $( is never plain
	j := i + 2
	for j < limit && ppIsVarNameByte(s[j]) {
		j++
	}
	if j >= limit || s[j] != ')' || j == i+2 {
		if end, ok := ppAgentToken(s, i, j, limit); ok {
			p.diag(f, i, end, ppAgentTokenMessage(s[i:end], s[i+2:j], s[j+1:end-2]))
			return end
		}
		p.diag(f, i, j, fmt.Sprintf("malformed sqlcmd variable reference %q: expected $(NAME) with a NAME of letters, digits, _ or -", s[i:j]))
		return i + 2
	}
	name := s[i+2 : j]
	val, st := p.lookup(name)
	// where the reference lands in the batch text: after the text before
	// it, not yet appended from *run
	out := p.b.size() + i - *run
	switch st {
	case ppVarUnknown, ppVarDeclared:
		// Defined by sqlcmd at run time, or by the project at deployment,
		// value unknown here: the reference stays in the text, so a name
		// made of it is Unresolved.
		p.addRef(f, i, j, out, j+1-i, false, -1)
		return j + 1
	case ppVarSet:
	default:
		k := len(p.script.Diags)
		counted := p.undefined(f, i, j+1, name, st)
		if len(p.script.Diags) == k || k >= ppMaxDiags {
			k = -1 // a later use (counted in the first's finding), past the cap, or the note that says so
		}
		p.addRef(f, i, j, out, j+1-i, false, k)
		if r := len(p.refs) - 1; counted != nil && r >= 0 && p.refs[r].f == f && p.refs[r].i == i {
			p.refs[r].counted = counted
		}
		return j + 1
	}
	if !p.charge(f, i, j+1, int64(len(val)), "$(", name, ")") {
		return j + 1
	}
	p.addRef(f, i, j, out, len(val), true, -1)
	p.b.appendRun(f, *run, i)
	p.b.appendSubst(f, i, val)
	*run = j + 1
	return j + 1
}

// ppRef is a $(var) reference of the batch under construction: sqlcmd
// resolves the references of a batch when its GO comes, with the values
// the variables have then (go-sqlcmd: getRunnableQuery at GO; the batch
// parser of SSMS and Azure Data Studio, ResolveVariables of the text
// block it hands over at GO), so a :setvar after a reference in the same
// batch changes it. The preprocessor substitutes as it reads, which is
// the same unless such a :setvar comes (changing): the batch's references
// are then resolved again at its GO (resolveAgain).
type ppRef struct {
	f     *File
	i, j  int  // the "$(" at f.Text[i], its ")" at f.Text[j]
	out   int  // where the reference is in the batch text
	n     int  // its length there: its value's, or its own when kept as text
	subst bool // replaced by its value
	diag  int  // the index of its SL002 in Script.Diags, or -1
	read  int  // the reading of f it is in (ppPreprocessor.reads)
	// counted is, for a later use of a variable not defined, the first
	// use's record that counts it (undefined)
	counted *ppUndefUses
}

// ppMaxBatchRefs bounds the references a batch records (a huge batch of
// references keeps the first ones): past it, a :setvar after them in the
// same batch leaves them as they were read.
const ppMaxBatchRefs = 1 << 12

func (p *ppPreprocessor) addRef(f *File, i, j, out, n int, subst bool, diag int) {
	if len(p.refs) < ppMaxBatchRefs {
		p.refs = append(p.refs, ppRef{f: f, i: i, j: j, out: out, n: n, subst: subst, diag: diag, read: p.reads[f]})
	}
}

// changing is called before :setvar changes the variable of upper-case
// name key: a reference to it in the batch under construction is then
// resolved again at the batch's GO.
func (p *ppPreprocessor) changing(key string) {
	for k := range p.refs {
		r := &p.refs[k]
		if strings.EqualFold(r.f.Text[r.i+2:r.j], key) {
			p.stale = true
			return
		}
	}
}

// resolveAgain resolves the references of the batch under construction
// with the values the variables have at its GO (ppRef), rebuilding its
// text and segments where one changed, and its SL002s: a reference to a
// variable defined since is no longer reported, one to a variable removed
// since is.
func (p *ppPreprocessor) resolveAgain() {
	p.stale = false
	type edit struct {
		r   *ppRef
		val string
		set bool // val replaces the reference, else its text stays
	}
	var edits []edit
	var drop map[int]bool // SL002s of references defined since
	at := ppTextAt{b: &p.b}
	for k := range p.refs {
		r := &p.refs[k]
		name := r.f.Text[r.i+2 : r.j]
		val, st := p.lookup(name)
		set := st == ppVarSet
		if set && r.subst && at.slice(r.out, r.out+r.n) == val || !set && !r.subst {
			continue // as it was read
		}
		if set && !p.charge(r.f, r.i, r.j+1, int64(len(val)), "$(", name, ")") {
			set = false
			if !r.subst {
				continue
			}
		}
		if set && r.counted != nil {
			r.counted.uncount(r.i)
			r.counted = nil
		}
		if set && r.diag >= 0 {
			if drop == nil {
				drop = make(map[int]bool)
			}
			drop[r.diag] = true
		}
		if !set && st != ppVarUnknown && st != ppVarDeclared {
			p.undefinedIn(r.f, r.read, r.i, r.j+1, name, st)
		}
		edits = append(edits, edit{r: r, val: val, set: set})
	}
	if len(drop) > 0 {
		// the findings of variables defined since go; those kept move
		// down, and the first uses they record (undefined) with them
		moved := make(map[int]int, len(p.script.Diags))
		kept := p.script.Diags[:0]
		for k, d := range p.script.Diags {
			if !drop[k] {
				moved[k] = len(kept)
				kept = append(kept, d)
			}
		}
		p.script.Diags = kept
		for key, u := range p.undef {
			if to, ok := moved[u.diag]; ok {
				u.diag = to
			} else {
				delete(p.undef, key) // a later use is reported afresh
			}
		}
	}
	if len(edits) == 0 {
		return
	}
	b := &p.b
	if !b.built {
		b.build()
	}
	// The new text: the old segments' runs and values, with each edited
	// reference's value or text in place of what it was (edits are in
	// the order of the text).
	segs := b.segs
	at = ppTextAt{b: b}
	var nb ppBatchBuilder
	put := func(e edit) {
		if e.set {
			nb.appendSubst(e.r.f, e.r.i, e.val)
		} else {
			nb.appendRun(e.r.f, e.r.i, e.r.j+1)
		}
	}
	next := 0
	for k, sg := range segs {
		o0, o1 := sg.Out, b.size()
		if k+1 < len(segs) {
			o1 = segs[k+1].Out
		}
		if sg.Subst {
			// (empty values before it, which have no segment)
			for next < len(edits) && edits[next].r.out == o0 && edits[next].r.n == 0 {
				put(edits[next])
				next++
			}
			if next < len(edits) && edits[next].r.out == o0 && edits[next].r.subst && edits[next].r.n == o1-o0 {
				put(edits[next])
				next++
			} else {
				nb.appendSubst(sg.File, sg.In, at.slice(o0, o1))
			}
			continue
		}
		pos := o0
		for next < len(edits) && edits[next].r.out < o1 {
			e := edits[next]
			nb.appendRun(sg.File, sg.In+pos-o0, sg.In+e.r.out-o0)
			put(e)
			pos = e.r.out + e.r.n
			next++
		}
		nb.appendRun(sg.File, sg.In+pos-o0, sg.In+o1-o0)
	}
	for ; next < len(edits); next++ { // empty values at the end
		put(edits[next])
	}
	if !nb.built {
		nb.build() // (only when every value is now empty: one run)
	}
	b.file, b.start, b.end, b.last = nb.file, nb.start, nb.end, nb.last
	b.built, b.parts, b.n, b.segs = true, nb.parts, nb.n, nb.segs
}

// ppTextAt reads ranges of the text of a batch under construction, in
// the order of the text, without joining a built batch's pieces
// (resolveAgain: a batch of 64 MB of includes is not copied whole to
// learn what one reference reads).
type ppTextAt struct {
	b   *ppBatchBuilder
	k   int // the piece that starts at off
	off int
}

// slice is the text from offset from to to: a piece's substring when the
// range lies in one, else a copy of the range. A range outside the text
// panics, as slicing the text would.
func (t *ppTextAt) slice(from, to int) string {
	b := t.b
	if !b.built || from < 0 || to < from || to > b.n {
		return b.text()[from:to] // (out of range: the runtime's panic)
	}
	if from == to {
		return ""
	}
	if from < t.off {
		t.k, t.off = 0, 0
	}
	for from >= t.off+len(b.parts[t.k]) {
		t.off += len(b.parts[t.k])
		t.k++
	}
	s := b.parts[t.k]
	if to <= t.off+len(s) {
		return s[from-t.off : to-t.off]
	}
	var sb strings.Builder
	sb.Grow(to - from)
	sb.WriteString(s[from-t.off:])
	for k, off := t.k+1, t.off+len(s); off < to; k++ {
		part := b.parts[k]
		sb.WriteString(part[:min(len(part), to-off)])
		off += len(part)
	}
	return sb.String()
}

// ppAgentToken reports whether the "$(" at s[i], whose name ends at j,
// is a SQL Server Agent token wrapped in an escape macro, as job scripts
// that SSMS generates hold in their job steps: $(ESCAPE_SQUOTE(SRVR)),
// $(ESCAPE_DQUOTE(x)), $(ESCAPE_RBRACKET(x)), $(ESCAPE_NONE(x)). It
// returns the end of the token.
func ppAgentToken(s string, i, j, limit int) (int, bool) {
	if j >= limit || s[j] != '(' {
		return 0, false
	}
	switch strings.ToUpper(s[i+2 : j]) {
	case "ESCAPE_SQUOTE", "ESCAPE_DQUOTE", "ESCAPE_RBRACKET", "ESCAPE_NONE":
	default:
		return 0, false
	}
	k := j + 1
	for k < limit && ppIsVarNameByte(s[k]) {
		k++
	}
	if k == j+1 || k+1 >= limit || s[k] != ')' || s[k+1] != ')' {
		return 0, false
	}
	return k + 2, true
}

// ppAgentTokenMessage explains an Agent token met by the sqlcmd
// preprocessor: the sqlcmd variants disagree on it (a script may mean it
// for the classic sqlcmd.exe, which substitutes the variable escaped), and
// none leaves it to SQL Server Agent.
func ppAgentTokenMessage(token, macro, name string) string {
	return fmt.Sprintf("%s is a SQL Server Agent token in an escape macro, which sqlcmd reads as a variable reference: "+
		"go-sqlcmd and Invoke-Sqlcmd stop at it with a syntax error, and only the classic sqlcmd.exe accepts it, as the variable $(%s) escaped; "+
		"for SQL Server Agent to get the token, build it in the script as '$' + '(%s(%s))', or run sqlcmd with -x (no variables)", token, name, macro, name)
}

// ppVarState is what lookup found for a variable.
type ppVarState uint8

const (
	ppVarUndefined ppVarState = iota
	ppVarSet                  // the value is known
	ppVarUnknown              // predefined by sqlcmd; its value is not known before run time
	ppVarEnvDenied            // only in the environment, and not allowed
	ppVarEnvSecret            // only in the environment, under a name that looks secret
	ppVarDeclared             // declared by the script's project (Declared); its value is given at deployment
)

// ppUndefinedMessage says why $(name) has no value and how to give it
// one; untrusted when the config's env: is ignored
// (PreprocessOptions.UntrustedConfig).
func ppUndefinedMessage(name string, st ppVarState, untrusted bool) string {
	switch st {
	case ppVarEnvDenied:
		if untrusted {
			return fmt.Sprintf("sqlcmd variable $(%s) is not defined: it is set in the environment, but sqllint expands environment variables only when allowed "+
				"(pass --env %s, or give a value with -v %s=value; --untrusted-config ignores the config file's env:)", name, name, name)
		}
		return fmt.Sprintf("sqlcmd variable $(%s) is not defined: it is set in the environment, but sqllint expands environment variables only when allowed "+
			"(list %s under env: in the config file, or pass --env %s; or give a value with -v %s=value)", name, name, name, name)
	case ppVarEnvSecret:
		return fmt.Sprintf("sqlcmd variable $(%s) is not defined: it is set in the environment, but its name looks secret and sqllint never expands such variables "+
			"from the environment, so that their values cannot reach findings, reports or a server (give a value with -v %s=value if the script needs one)", name, name)
	case ppVarUnknown:
		return fmt.Sprintf("sqlcmd sets $(%s) when the script runs; sqllint does not know its value here (give it with -v %s=value)", name, name)
	case ppVarDeclared:
		return fmt.Sprintf("the SQL project declares $(%s), whose value is given when it is deployed; sqllint does not know it here (give it with -v %s=value)", name, name)
	}
	return fmt.Sprintf("sqlcmd variable $(%s) is not defined (define it with :setvar, -v %s=value or the config file)", name, name)
}

// lookup resolves a variable: :setvar and -v values first, then the
// database for SQLCMDDBNAME, then the environment when allowed (as the
// name is written, then in upper case), then sqlcmd's predefined
// variables, whose values are not known.
func (p *ppPreprocessor) lookup(name string) (string, ppVarState) {
	upper, ok := p.upper[name]
	if !ok {
		upper = strings.ToUpper(name)
		if p.upper == nil {
			p.upper = make(map[string]string)
		}
		p.upper[name] = upper
	}
	if upper == ppPassword {
		return "", ppVarUnknown // never substituted, from anywhere
	}
	if v, ok := p.vars[upper]; ok {
		return v, ppVarSet
	}
	if upper == ppDBName && p.database != "" {
		return p.database, ppVarSet
	}
	_, predefined := ppPredefined[upper]
	if p.env != nil {
		envName := name
		_, found := p.env(name)
		if !found && upper != name {
			envName = upper
			_, found = p.env(upper)
		}
		if found {
			// The value is read only once the name passes both checks.
			switch {
			case IsSecretName(envName):
				if !predefined {
					return "", ppVarEnvSecret
				}
			case p.envAllowed != nil && p.envAllowed(envName):
				v, _ := p.env(envName)
				return v, ppVarSet
			default:
				if !predefined {
					return "", ppVarEnvDenied
				}
			}
		}
	}
	if predefined {
		return "", ppVarUnknown
	}
	if p.declared != nil && p.declared(p.script.File.Path, name) {
		return "", ppVarDeclared
	}
	return "", ppVarUndefined
}

const (
	ppDBName   = "SQLCMDDBNAME"
	ppServer   = "SQLCMDSERVER"
	ppPassword = "SQLCMDPASSWORD"
)

// ppPredefined are the scripting variables sqlcmd defines itself
// (learn.microsoft.com, "sqlcmd - Use with scripting variables", the table
// of sqlcmd scripting variables; SQLCMDFORMAT and SQLCMDUSEAAD are the Go
// sqlcmd's additions). The value is the option that sets each one. Their
// values depend on how sqlcmd is started, so they are never made up: only
// SQLCMDDBNAME takes a value, the database sqllint is told (-d).
var ppPredefined = map[string]string{
	"SQLCMDUSER":              "-U",
	"SQLCMDPASSWORD":          "-P",
	"SQLCMDSERVER":            "-S",
	"SQLCMDWORKSTATION":       "-H",
	"SQLCMDDBNAME":            "-d",
	"SQLCMDLOGINTIMEOUT":      "-l",
	"SQLCMDSTATTIMEOUT":       "-t",
	"SQLCMDHEADERS":           "-h",
	"SQLCMDCOLSEP":            "-s",
	"SQLCMDCOLWIDTH":          "-w",
	"SQLCMDPACKETSIZE":        "-a",
	"SQLCMDERRORLEVEL":        "-m",
	"SQLCMDMAXVARTYPEWIDTH":   "-y",
	"SQLCMDMAXFIXEDTYPEWIDTH": "-Y",
	"SQLCMDEDITOR":            "",
	"SQLCMDINI":               "",
	"SQLCMDFORMAT":            "-F",
	"SQLCMDUSEAAD":            "-G",
}

// IsPredefinedVariable reports whether sqlcmd defines the scripting
// variable name itself (SQLCMDSERVER, SQLCMDDBNAME, ...).
func IsPredefinedVariable(name string) bool {
	_, ok := ppPredefined[strings.ToUpper(name)]
	return ok
}

// ppSecretWords are the parts of a name that make it look secret.
var ppSecretWords = []string{"PASS", "PWD", "SECRET", "TOKEN", "KEY", "CRED", "PRIVATE", "CONNSTR", "CONNECTIONSTRING",
	"URL", "URI", "DSN", "WEBHOOK", "AUTH", "COOKIE", "SESSION", "CERT", "SALT", "JWT"}

// IsSecretName reports whether an environment variable's name looks like it
// holds a secret: it contains PASS (PASSWORD), PWD, SECRET, TOKEN, KEY,
// CRED (CREDENTIALS, CREDS), PRIVATE, a connection string's CONNSTR /
// CONNECTIONSTRING, or URL, URI, DSN or WEBHOOK (DATABASE_URL,
// MONGODB_URI, SENTRY_DSN and webhooks carry credentials), AUTH, COOKIE,
// SESSION, CERT, SALT or JWT (GitLab's CI_JOB_JWT), in any case, ignoring
// _ and -, or has a part PAT or PW between _ or - (a personal access
// token: AZURE_DEVOPS_EXT_PAT, GH_PAT; a password: SA_PW; PATH is not
// one). sqllint never expands such variables from the environment.
func IsSecretName(name string) bool {
	n := strings.ToUpper(strings.NewReplacer("_", "", "-", "").Replace(name))
	for _, w := range ppSecretWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return ppHasTokenPart(name)
}

// ppHasTokenPart reports whether a part of name between _ or - is PAT,
// a personal access token's usual name, or PW, a password's.
func ppHasTokenPart(name string) bool {
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' }) {
		if strings.EqualFold(part, "PAT") || strings.EqualFold(part, "PW") {
			return true
		}
	}
	return false
}

// EnvAllowList returns a PreprocessOptions.EnvAllowed that allows the
// names listed, in any case; "*" allows every name. Names that look
// secret stay refused (IsSecretName).
func EnvAllowList(names ...string) func(string) bool {
	set := map[string]bool{}
	all := false
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "*" {
			all = true
		}
		set[strings.ToUpper(n)] = true
	}
	if len(set) == 0 {
		return nil
	}
	return func(name string) bool {
		return (all || set[strings.ToUpper(name)]) && !IsSecretName(name)
	}
}

// ppLineEnd returns the end of the line content starting at or before i and
// the offset after its line break. A Ctrl-Z (0x1A) that is the text's last
// byte ends the line too: it is an old DOS editor's end-of-file mark, no
// part of the last line ("GO^Z" is a GO line, as "GO" then Ctrl-Z on a
// line of its own is).
func ppLineEnd(s string, i int) (end, next int) {
	n := len(s)
	if n > 0 && s[n-1] == 0x1A {
		n-- // (ppEOFMark: tested once a line, not at each byte)
	}
	for i < n && s[i] != '\n' && s[i] != '\r' {
		i++
	}
	end = i
	if i < len(s) {
		i++
		if s[i-1] == '\r' && i < len(s) && s[i] == '\n' {
			i++
		}
	}
	return end, i
}

func ppIsBlank(c byte) bool { return c == ' ' || c == '\t' }

// ppEOFMark reports whether s[i] is a Ctrl-Z that ends s (ppLineEnd).
func ppEOFMark(s string, i int) bool { return s[i] == 0x1A && i == len(s)-1 }

func ppIsLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// ppHasPrefixFold reports whether s[i:] starts with word (lower case ASCII)
// in any case.
func ppHasPrefixFold(s string, i int, word string) bool {
	if len(s)-i < len(word) {
		return false
	}
	for k := 0; k < len(word); k++ {
		if s[i+k]|0x20 != word[k] {
			return false
		}
	}
	return true
}

// ppRestIsEmpty reports whether s[i:end] holds only blanks and an optional
// "--" comment.
func ppRestIsEmpty(s string, i, end int) bool {
	for i < end && ppIsBlank(s[i]) {
		i++
	}
	return i == end || i+1 < end && s[i] == '-' && s[i+1] == '-'
}

// lineCommand looks at the line starting at ls (lexical state normal),
// whose first byte past its blanks is at j, for a GO line or a sqlcmd
// command. When it finds one it acts on it, removes the line from the
// batch text and returns the offset of the next line.
func (p *ppPreprocessor) lineCommand(f *File, ls, j int, run *int) (int, bool) {
	s := f.Text
	n := len(s)
	if j >= n {
		return 0, false
	}
	c := s[j]
	if (c == 'G' || c == 'g') && j+1 < n && s[j+1]|0x20 == 'o' {
		// GO in any case, then a blank (a space or a tab), a "--"
		// comment or the line's end. A tab is a blank as the GO
		// documentation and SSMS's batch parser read it (its lexer's
		// whitespace is a space or a tab): GO<tab>3 runs the batch 3
		// times. (go-sqlcmd reads a command up to the first control
		// byte, a tab too, so that it runs GO<tab>3 once and leaves
		// "<tab>3" as the next batch's first line: a syntax error.)
		k := j + 2
		if !(k == n || ppIsBlank(s[k]) || s[k] == '\n' || s[k] == '\r' || k+1 < n && s[k] == '-' && s[k+1] == '-' || ppEOFMark(s, k)) {
			if s[k] == ';' {
				p.goSemicolon(f, j, k)
			} else if strings.HasPrefix(s[k:], ppBOM) {
				p.diag(f, j, k+len(ppBOM), "a byte order mark (U+FEFF) follows GO on this line: the end of a file joined to the next one "+
					"(with cat or copy) without a line break, which keeps the next file's mark; sqlcmd does not read the line as GO, "+
					"so the batch does not end here: put a line break after GO and remove the mark")
			}
			return 0, false // GOTO, go_table, GO; ...: T-SQL text
		}
		le, next := ppLineEnd(s, k)
		p.b.appendRun(f, *run, ls)
		count := 1 // GO alone on its line
		if k != le {
			count = p.goCount(f, k, le)
		}
		p.emit(count, true)
		*run = next
		if k != le {
			if d := ppGoDirective(s, k, le); d >= 0 {
				// a sqllint: comment after GO: the next batch's first
				// text, at its place, so that it suppresses there
				*run = d
			}
		}
		if ls > 0 && s[ls-1] == '\r' {
			p.afterLoneCR(f, j)
		}
		return next, true
	}
	var cmd ppCommand
	switch {
	case c == ':':
		if j+1 >= n {
			return 0, false
		}
		switch c2 := s[j+1]; {
		case c2 == '!' && j+2 < n && s[j+2] == '!':
			cmd = ppCommand{name: "!!", start: j, nameEnd: j + 3}
		case ppIsLetter(c2):
			k := j + 1
			for k < n && ppIsLetter(s[k]) {
				k++
			}
			name := strings.ToLower(s[j+1 : k])
			if k < n && !ppIsBlank(s[k]) && s[k] != '\n' && s[k] != '\r' && !(name == "exit" && s[k] == '(') {
				// ":setvar2", ":r.sql": no command of that name.
				for k < n && !ppIsBlank(s[k]) && s[k] != '\n' && s[k] != '\r' {
					k++
				}
				name = strings.ToLower(s[j+1 : k])
			}
			cmd = ppCommand{name: name, start: j, nameEnd: k}
		default:
			return 0, false // "::fn_..." and anything else: T-SQL
		}
	case c == '!':
		if j+1 >= n || s[j+1] != '!' {
			return 0, false
		}
		cmd = ppCommand{name: "!!", start: j, nameEnd: j + 2}
	case c == 0xef:
		return p.markLine(f, j, run)
	case c|0x20 == 'e' || c|0x20 == 'q' || c|0x20 == 'r':
		// [:]EXIT, [:]QUIT, [:]ED and [:]RESET also work without the
		// colon (osql compatibility). Without it they are taken as
		// commands only when alone on their line, so T-SQL such as
		// "RETURN", "EXEC" or "END" is never mistaken for one.
		k := j
		for k < n && ppIsLetter(s[k]) && k-j <= 5 {
			k++
		}
		word := ""
		for _, w := range [...]string{"exit", "quit", "ed", "reset"} {
			if k-j == len(w) && ppHasPrefixFold(s, j, w) {
				word = w
			}
		}
		if word == "" {
			return 0, false // END, ELSE, RETURN, EXEC, ...
		}
		le, _ := ppLineEnd(s, k)
		switch word {
		case "exit":
			m := k
			for m < le && ppIsBlank(s[m]) {
				m++
			}
			if !ppRestIsEmpty(s, k, le) && (m == le || s[m] != '(') {
				return 0, false
			}
		case "quit", "ed", "reset":
			if !ppRestIsEmpty(s, k, le) {
				return 0, false
			}
		default:
			return 0, false
		}
		cmd = ppCommand{name: word, start: j, nameEnd: k}
	default:
		return 0, false
	}
	cmd.end, cmd.next = ppLineEnd(s, cmd.nameEnd)
	// The command line leaves the batch text.
	p.b.appendRun(f, *run, ls)
	*run = cmd.next
	if ls > 0 && s[ls-1] == '\r' {
		p.afterLoneCR(f, j)
	}
	p.runCommand(f, &cmd)
	return cmd.next, true
}

// afterLoneCR reports, once a file, a GO line or command at j that a
// lone CR (an old Mac line break) puts on a line of its own. sqlcmd reads
// a script line by line up to a line feed (go-sqlcmd: bufio's ReadLine),
// so a lone CR is no line break there: GO or the command is part of the
// line before it, and does not run (as SQL Server ends a -- comment only
// at a line feed). sqllint reads the lines as an editor shows them, so
// that the rest of the file is still checked.
// The later ones of the file count in the first one's finding
// (countLoneCR), which names their lines.
func (p *ppPreprocessor) afterLoneCR(f *File, j int) {
	if u := p.loneCR[f]; u != nil {
		if u.read == p.reads[f] && u.diag >= 0 { // (a file read again by another :r: counted already)
			u.more++
			if u.lines < ppUndefLines {
				u.at[u.lines] = j
				u.lines++
			} else {
				u.later = true
			}
		}
		return
	}
	if p.loneCR == nil {
		p.loneCR = make(map[*File]*ppUndefUses)
	}
	n := len(p.script.Diags)
	le, _ := ppLineEnd(f.Text, j)
	p.diag(f, j, le, fmt.Sprintf("%s follows a lone CR line break (an old Mac line ending): sqlcmd ends a line only at a line feed, "+
		"so it reads this as part of the line before, not as a command, and does not run it; save the file with CRLF or LF line breaks "+
		"(reported once a file)", ppShortLine(f.Text[j:le])))
	u := &ppUndefUses{diag: n, read: p.reads[f]}
	if len(p.script.Diags) == n || n >= ppMaxDiags {
		u.diag = -1 // not reported (the cap)
	}
	p.loneCR[f] = u
}

// countLoneCR adds to the finding of the first command after a lone CR
// of each file the later ones (afterLoneCR): "(reported once a file: 2
// more in this file, at lines 7 and 9)".
func (p *ppPreprocessor) countLoneCR() {
	for f, u := range p.loneCR {
		if u.more == 0 || u.diag < 0 {
			continue
		}
		d := &p.script.Diags[u.diag]
		var b strings.Builder
		b.WriteString(strings.TrimSuffix(d.Message, ")"))
		fmt.Fprintf(&b, ": %d more in this file, ", u.more)
		ppAtLines(&b, f, u.at[:u.lines], u.later)
		b.WriteByte(')')
		d.Message = b.String()
	}
}

// ppBOM is a byte order mark in UTF-8 (U+FEFF). One that starts a file
// is taken off when the file is read; one in the middle of a file is
// most likely the mark of a file joined to another (cat a.sql b.sql).
const ppBOM = "\uFEFF"

// markLine looks at a line whose first byte past its blanks, at j, is
// 0xEF. When a byte order mark is there, it reports it
// (sqlcmd takes a command only at the start of a line, and the mark is
// no blank in T-SQL either) and reads the line as it would be without
// the mark, so that the rest of the file is checked as meant: the mark
// leaves the batch text, and a GO line or command after it runs.
func (p *ppPreprocessor) markLine(f *File, j int, run *int) (int, bool) {
	s := f.Text
	if !strings.HasPrefix(s[j:], ppBOM) {
		return 0, false // another character from U+F000 to U+FFFF
	}
	m := j + len(ppBOM) // past the marks: two when a file between was empty
	for strings.HasPrefix(s[m:], ppBOM) {
		m += len(ppBOM)
	}
	k := m
	for k < len(s) && ppIsBlank(s[k]) {
		k++
	}
	what := "the statement after it is read here as if the mark were not there, but may fail on the server"
	if k < len(s) && ppLineStart[s[k]] && s[k] != 0xef {
		le, _ := ppLineEnd(s, k)
		if w := s[k:le]; ppLooksLikeCommand(w) {
			what = "sqlcmd takes a command only at the start of a line, so it does not run " + ppShortLine(w) + " (it is read here as if the mark were not there)"
		}
	}
	p.diag(f, j, m, "a byte order mark (U+FEFF) starts this line, in the middle of the file: files joined with cat or copy keep each one's mark; "+
		what+"; remove the mark")
	p.b.appendRun(f, *run, j)
	*run = m
	if k < len(s) && ppLineStart[s[k]] && s[k] != 0xef {
		if next, ok := p.lineCommand(f, m, k, run); ok {
			return next, ok
		}
	}
	// The first word of the line follows a byte that is no blank: the
	// scan would not take it for a word of interest, so the batch is
	// parsed whole.
	p.loud = true
	return 0, false
}

// midBOM looks at the byte 0xEF at i, in the normal state of a line
// that starts at ls, and returns where the scan goes on. A byte order
// mark there, in the middle of a line (files joined with cat or copy
// without a line break after the first: "END<mark>CREATE ..."), is part
// of the batch text sqlcmd sends (it takes commands only at the start
// of a line), and no blank in T-SQL's rules: it is reported, and read
// here as a blank, so that the statement after it is still checked (the
// batch is parsed whole). One at the start of the line (markLine) or
// right after GO (lineCommand) is reported there already.
func (p *ppPreprocessor) midBOM(f *File, ls, i int, run *int) int {
	s := f.Text
	if !strings.HasPrefix(s[i:], ppBOM) {
		return i + 1 // another character from U+F000 to U+FFFF
	}
	end := i + len(ppBOM)
	if *run >= end {
		return end // taken off at the start of its line (markLine)
	}
	j := ls
	for j < i && ppIsBlank(s[j]) {
		j++
	}
	if i-j == 2 && s[j]|0x20 == 'g' && s[j+1]|0x20 == 'o' {
		return end // "GO<mark>": lineCommand's
	}
	p.diag(f, i, end, "a byte order mark (U+FEFF) in the middle of this line: the mark of a file joined to the end of another "+
		"(with cat or copy) without a line break; sqlcmd sends it to the server as part of the batch, where the statement it touches may fail; "+
		"it is read here as a blank: put a line break before it and remove the mark")
	p.b.appendRun(f, *run, i)
	p.b.appendSubst(f, i, " ")
	*run = end
	p.loud = true
	return end
}

// ppLooksLikeCommand reports whether line w, which starts with a byte
// of ppLineStart, is a GO line or a sqlcmd command by its first word.
func ppLooksLikeCommand(w string) bool {
	switch {
	case w[0] == ':' || w[0] == '!':
		return true
	case len(w) >= 2 && w[0]|0x20 == 'g' && w[1]|0x20 == 'o':
		return len(w) == 2 || ppIsBlank(w[2]) || strings.HasPrefix(w[2:], "--")
	}
	for _, c := range [...]string{"exit", "quit", "ed", "reset"} {
		if len(w) >= len(c) && strings.EqualFold(w[:len(c)], c) && (len(w) == len(c) || ppIsBlank(w[len(c)]) || w[len(c)] == '(') {
			return true
		}
	}
	return false
}

// ppShortLine is line w quoted for a message, cut after 40 bytes.
func ppShortLine(w string) string {
	if len(w) > 40 {
		w = strings.ToValidUTF8(w[:40], "") + "..."
	}
	return strconv.Quote(w)
}

// goSemicolon reports a line "GO;" (GO at s[j], the semicolon at k) with
// nothing but blanks or a comment after it: the documentation of GO says
// that a semicolon may not follow it ("Do not use a semicolon as a
// statement terminator after GO", an error); sqlcmd's GO takes nothing
// but a count (go-sqlcmd's GO pattern does not match the line, which
// stays in the batch and reaches the server), so the batch does not end
// there. The line stays in the batch here too.
func (p *ppPreprocessor) goSemicolon(f *File, j, k int) {
	s := f.Text
	le, _ := ppLineEnd(s, k)
	if !ppRestIsEmpty(s, k+1, le) {
		return
	}
	p.diag(f, j, k+1, fmt.Sprintf("%s is not a batch separator: a semicolon may not follow GO, and sqlcmd does not end the batch here "+
		"(the statements after it run in the same batch, and the server fails on the line); write %s alone on its line", s[j:k+1], s[j:k]))
}

// ppCommandHead reports whether a line whose first non-blank byte is
// s[j], one of ppLineStart, may be a GO line or a command by its first
// two bytes (four for EXIT), as lineCommand reads them: GO, and without
// a colon EXIT, ED, QUIT and RESET. After a line break the scan goes on through the
// lines it says no to (END, ELSE, EXEC, RETURN, ...) rather than leave
// the loop for the line check (lines starting with G are left to the
// line check: GO lines are common, and GROUP BY would cost them a test).
// ppAllCommandHeads makes it say yes to all (tests).
func ppCommandHead(s string, j int) bool {
	if j+1 >= len(s) {
		return true
	}
	switch uint16(s[j]) | uint16(s[j+1])<<8 | 0x2020 { // both folded
	case 'g' | 'o'<<8, 'e' | 'd'<<8, 'q' | 'u'<<8, 'r' | 'e'<<8, 0xef | 0xbb<<8: // (0xef 0xbb: a byte order mark, folded alike)
		return true
	case 'e' | 'x'<<8:
		// EXIT by the next two bytes (or a text that ends before them),
		// not EXEC or EXISTS: on 1,000 typical files 7,280 EXEC lines
		// left ppRun's loop for lineCommand. (One load and compare, so
		// that this stays small enough to be inlined: every GO line asks.)
		return j+3 >= len(s) || ppPairLoad(unsafe.Pointer(unsafe.StringData(s)), uintptr(j+2))|0x2020 == 'i'|'t'<<8
	}
	return s[j] == ':' || s[j] == '!' || ppAllCommandHeads
}

var ppAllCommandHeads = false

// ppCommand is one sqlcmd command line of a file.
type ppCommand struct {
	name    string // lower case, without the colon; "!!" for a shell command
	start   int    // offset of the ':' (or of the name)
	nameEnd int    // end of the command name
	end     int    // end of the line content
	next    int    // start of the next line
}

// args returns the bounds of the command's arguments: blanks trimmed and a
// trailing " -- comment" outside double quotes removed (go-sqlcmd,
// commands.go removeComments).
func (c *ppCommand) args(s string) (start, end int) {
	i, e := c.nameEnd, c.end
	for i < e && ppIsBlank(s[i]) {
		i++
	}
	start = i
	quoted, space := false, true
	for k := i; k < e; k++ {
		switch ch := s[k]; {
		case ch == '"':
			quoted = !quoted // "" toggles twice: still inside
			space = false
		case ppIsBlank(ch):
			space = true
		case !quoted && space && ch == '-' && k+1 < e && s[k+1] == '-':
			e = k
		default:
			space = false
		}
	}
	for e > start && ppIsBlank(s[e-1]) {
		e--
	}
	return start, e
}

// ppGoDirective is the offset of a sqllint: directive that follows GO
// and its count on the line from k to le, or -1 (no comment, another
// comment): a "--" one, or a block one with nothing but blanks or a "--"
// comment after it on the line (text there would join the next batch).
func ppGoDirective(s string, k, le int) int {
	c := ppCommand{name: "go", nameEnd: k, end: le}
	_, e := c.args(s)
	if i := strings.Index(s[k:e], "/*"); i >= 0 && ppDirectiveAt(s, k+i+2) {
		end, ok := scanBlockComment(s[:le], k+i+2)
		if rest := strings.TrimLeft(s[end:le], " \t"); ok && (rest == "" || strings.HasPrefix(rest, "--")) {
			return k + i
		}
		return -1
	}
	i := strings.Index(s[e:le], "--")
	if i < 0 || !ppDirectiveAt(s, e+i+2) {
		return -1
	}
	return e + i
}

// goCount parses what follows GO on its line (from k to the line end le):
// nothing, an optional "-- comment", or a positive count.
func (p *ppPreprocessor) goCount(f *File, k, le int) int {
	if k == le {
		return 1 // GO alone on its line
	}
	s := f.Text
	c := ppCommand{name: "go", nameEnd: k, end: le}
	a, e := c.args(s)
	if a == e {
		return 1
	}
	arg := s[a:e]
	comments := false // block comments around a $(var), dropped once it is resolved
	if strings.Contains(arg, "/*") {
		// The documentation of GO: "the line can contain comments", as
		// osql's examples wrote them (GO /* Signals the end of the
		// batch */). The batch parser of SSMS and Azure Data Studio
		// takes comments before and after the count (ParseGo), though
		// its lexer reads only -- ones after GO (sqltoolsservice
		// Lexer.cs, ChangeStateToBatchCommand); go-sqlcmd reads the
		// count with Sscanf and fails on a comment before it.
		if v, ok := ppStripBlockComments(arg); ok && !strings.Contains(v, "$(") {
			if arg = strings.TrimSpace(v); arg == "" {
				return 1
			}
		} else {
			comments = ok
		}
	}
	if strings.Contains(arg, "$(") { // go-sqlcmd resolves variables in the count
		v, ok := p.resolveArg(f, a, e)
		if !ok {
			return 1
		}
		if w, ok := ppStripBlockComments(v); comments && ok {
			v = w
		}
		arg = strings.TrimSpace(v)
	}
	n, err := strconv.Atoi(arg)
	if errors.Is(err, strconv.ErrRange) && arg[0] != '-' && arg[0] != '+' {
		// digits all, too many for an int: go-sqlcmd's Sscanf fails on
		// them as on any other bad count
		p.diag(f, a, e, fmt.Sprintf("malformed GO command: the count %q is too large: sqlcmd reads no count beyond its integers", arg))
		return 1
	}
	if err != nil || n < 1 || arg[0] == '+' {
		p.diag(f, a, e, ppGoCountMessage(arg))
		return 1
	}
	return n
}

// ppGoCountMessage says what is wrong with the count arg of a GO line:
// the documentation of GO takes a positive integer and nothing but a
// comment after it. go-sqlcmd reads the count with Sscanf("%d"), which
// takes a sign and stops at the first byte that is not a digit: "+3",
// "3x" and "3 x" run the batch 3 times there, and the message says so.
func ppGoCountMessage(arg string) string {
	msg := fmt.Sprintf("malformed GO command: expected a positive integer count, as in GO 3, found %q", arg)
	d := 0
	if arg[0] == '+' {
		d = 1
	}
	k := d
	for k < len(arg) && arg[k] >= '0' && arg[k] <= '9' {
		k++
	}
	n, err := strconv.Atoi(arg[d:k])
	switch {
	case k == d || err != nil || n < 1:
		return msg
	case k == len(arg):
		return msg + fmt.Sprintf(": a count takes no sign (go-sqlcmd reads it as %d)", n)
	}
	return msg + fmt.Sprintf(": only a comment may follow the count (go-sqlcmd reads the leading %s and runs the batch %d times)", arg[:k], n)
}

// ppStripBlockComments returns s without its /* ... */ comments (which
// nest, as in T-SQL), each replaced by a blank; false when one is not
// closed in s.
func ppStripBlockComments(s string) (string, bool) {
	var sb strings.Builder
	depth, last := 0, 0
	for i := 0; i+1 < len(s); i++ {
		switch {
		case s[i] == '/' && s[i+1] == '*':
			if depth == 0 {
				sb.WriteString(s[last:i])
			}
			depth++
			i++
		case depth > 0 && s[i] == '*' && s[i+1] == '/':
			i++
			if depth--; depth == 0 {
				sb.WriteByte(' ')
				last = i + 1
			}
		}
	}
	if depth > 0 {
		return "", false
	}
	sb.WriteString(s[last:])
	return sb.String(), true
}

// resolveArg substitutes $(var) references in a command argument
// s[a:e]. An undefined variable is reported and makes ok false; a
// malformed reference is kept as it is (go-sqlcmd resolveArgumentVariables).
func (p *ppPreprocessor) resolveArg(f *File, a, e int) (string, bool) {
	s := f.Text
	var sb strings.Builder
	ok := true
	last := a
	ppArgRefs(s, a, e, func(i, j int) {
		name := s[i+2 : j]
		v, st := p.lookup(name)
		if st == ppVarDeclared && p.projectValue != nil {
			if pv, ok := p.projectValue(p.script.File.Path, name); ok {
				v, st = pv, ppVarSet
			}
		}
		if st != ppVarSet {
			// A command needs the value: a predefined variable whose value
			// is not known is a problem here too.
			p.undefined(f, i, j+1, name, st)
			ok = false
		}
		sb.WriteString(s[last:i])
		sb.WriteString(v)
		last = j + 1
	})
	sb.WriteString(s[last:e])
	return sb.String(), ok
}

// ppArgRefs calls fn for each well-formed $(name) reference in the
// command argument s[a:e], in order: i is the offset of its '$', j that
// of its ')'. A malformed one is passed over (go-sqlcmd keeps it as
// text).
func ppArgRefs(s string, a, e int, fn func(i, j int)) {
	for i := a; i+1 < e; i++ {
		if s[i] != '$' || s[i+1] != '(' {
			continue
		}
		j := i + 2
		for j < e && ppIsVarNameByte(s[j]) {
			j++
		}
		if j >= e || s[j] != ')' || j == i+2 {
			continue
		}
		fn(i, j)
		i = j
	}
}

// checkArgVars reports the variables of a command's arguments s[a:e]
// that are not defined, as the script's text does (sqlcmd resolves them
// before it runs the command and stops at one it cannot): one that
// sqlcmd or the project sets, whose value is unknown here, is not
// reported, as the command needs no value from sqllint.
func (p *ppPreprocessor) checkArgVars(f *File, a, e int) {
	s := f.Text
	ppArgRefs(s, a, e, func(i, j int) {
		name := s[i+2 : j]
		switch _, st := p.lookup(name); st {
		case ppVarSet, ppVarUnknown, ppVarDeclared:
		default:
			p.undefined(f, i, j+1, name, st)
		}
	})
}

// connectServer is the server that the arguments of a :connect name (the
// first word, or a quoted name), lower-cased, with its variables
// resolved; "" when a variable has no known value. Nothing is reported
// here (checkArgVars reports the undefined ones).
func (p *ppPreprocessor) connectServer(arg string) string {
	name := arg
	if strings.HasPrefix(name, `"`) {
		name = name[1:]
		if q := strings.IndexByte(name, '"'); q >= 0 {
			name = name[:q]
		}
	} else if i := strings.IndexAny(name, " \t"); i >= 0 {
		name = name[:i]
	}
	if strings.EqualFold(name, "$("+ppServer+")") {
		return ConnectSameServer
	}
	var sb strings.Builder
	known, last := true, 0
	ppArgRefs(name, 0, len(name), func(i, j int) {
		v, st := p.lookup(name[i+2 : j])
		known = known && st == ppVarSet
		sb.WriteString(name[last:i])
		sb.WriteString(v)
		last = j + 1
	})
	if !known {
		return ""
	}
	sb.WriteString(name[last:])
	if sb.String() == ConnectSameServer {
		return "" // a NUL byte is no server's name
	}
	return strings.ToLower(sb.String())
}

func (p *ppPreprocessor) runCommand(f *File, c *ppCommand) {
	s := f.Text
	a, e := c.args(s)
	display := s[c.start:c.nameEnd]
	bad := func(msg string) {
		p.diag(f, c.start, max(c.end, c.nameEnd), fmt.Sprintf("malformed sqlcmd command %s: %s", display, msg))
	}
	switch c.name {
	case "setvar":
		p.setvar(f, a, e, bad)
	case "r":
		p.script.IncludeCommands++
		if a == e {
			bad("a file name is required")
			return
		}
		pa, pe, whole := ppIncludeName(s, a, e)
		if pa < 0 {
			bad("the quoted file name has no closing quote")
			return
		}
		path, ok := p.resolveArg(f, pa, pe)
		if !ok {
			return
		}
		if !whole {
			path = ppJoinQuoted(path)
		}
		if strings.TrimSpace(path) == "" {
			bad("a file name is required")
			return
		}
		p.include(f, c, path)
	case "on":
		// ":On Error [exit|ignore]"
		k := c.nameEnd
		for k < c.end && ppIsBlank(s[k]) {
			k++
		}
		if k == c.nameEnd || !ppHasPrefixFold(s, k, "error") || k+5 < c.end && !ppIsBlank(s[k+5]) {
			p.diag(f, c.start, c.end, fmt.Sprintf("unknown sqlcmd command %s (did you mean :on error exit|ignore?)", display))
			return
		}
		display = s[c.start : k+5]
		c2 := ppCommand{nameEnd: k + 5, end: c.end}
		a, e = c2.args(s)
		if v := strings.ToLower(s[a:e]); v != "exit" && v != "ignore" {
			bad("expected EXIT or IGNORE")
		}
	case "connect":
		if a == e {
			bad("a server name is required")
			return
		}
		p.checkArgVars(f, a, e)
		// A new connection starts in the login's default database.
		p.script.Connects = append(p.script.Connects, p.nbatches)
		p.script.ConnectServers = append(p.script.ConnectServers, p.connectServer(s[a:e]))
	case "out", "error", "perftrace":
		if a == e {
			bad("a file name, STDOUT or STDERR is required")
			return
		}
		p.checkArgVars(f, a, e) // sqlcmd resolves the name first
	case "xml":
		// go-sqlcmd (commands.go xmlCommand) fails on :XML alone and, as
		// ODBC sqlcmd does, reads any value but ON as OFF.
		if a == e {
			bad("expected ON or OFF")
		}
	case "!!":
		if a == e {
			bad("an operating system command is required")
			return
		}
		p.checkArgVars(f, a, e) // sqlcmd resolves the command line first
	case "reset":
		// Clears the statement cache: the batch so far is dropped.
		p.b.reset()
		p.refs, p.stale = p.refs[:0], false
	case "listvar", "ed":
		// No argument: go-sqlcmd (commands.go listVarCommand,
		// editCommand) fails on one, as the documented syntax takes none.
		if a != e {
			bad(strings.ToUpper(c.name) + " takes no argument")
		}
	case "list":
		// :LIST COLOR is go-sqlcmd's; anything else fails (listCommand).
		if a != e && !strings.EqualFold(s[a:e], "color") {
			bad("LIST takes no argument (go-sqlcmd's LIST COLOR aside)")
		}
	case "help":
		// Interactive: nothing to do for the analysis. go-sqlcmd's
		// helpCommand, as its resetCommand, ignores what follows it.
	case "serverlist":
		// Interactive (ODBC sqlcmd on Windows): nothing to do for the
		// analysis. The documented syntax takes no argument, and
		// go-sqlcmd's command table has no SERVERLIST: the line stays
		// in its batch, which the server then fails on.
		if a != e {
			bad("SERVERLIST takes no argument (go-sqlcmd has no :SERVERLIST: it leaves the line in the batch, and the server fails on it)")
		}
	case "quit":
		if a != e {
			bad("QUIT takes no argument")
			return
		}
		p.exit(f, c)
	case "exit":
		// EXIT: quit without running the batch; EXIT(): run the batch,
		// then quit; EXIT(query): run the batch and the query, then quit.
		if a == e {
			p.exit(f, c)
			return
		}
		if s[a] != '(' || s[e-1] != ')' {
			bad("expected EXIT, EXIT() or EXIT(query)")
			return
		}
		qa, qe := a+1, e-1
		for qa < qe && ppIsBlank(s[qa]) {
			qa++
		}
		for qe > qa && ppIsBlank(s[qe-1]) {
			qe--
		}
		run := qa
		for i := qa; i < qe; {
			k := strings.Index(s[i:qe], "$(")
			if k < 0 {
				break
			}
			i = p.variable(f, i+k, qe, &run)
		}
		p.b.appendRun(f, run, qe)
		p.loud = true // text from a command line
		p.emit(1, false)
		p.quit = true
	default:
		p.diag(f, c.start, c.nameEnd, fmt.Sprintf("unknown sqlcmd command %s", display))
	}
}

// exit ends the script at :quit or :exit: sqlcmd quits without running
// the batch under construction.
func (p *ppPreprocessor) exit(f *File, c *ppCommand) {
	if !p.b.discard && ppHasCode(p.b.text()) { // (a finding only: IncludedFiles has none to make)
		p.diag(f, c.start, c.end, fmt.Sprintf("sqlcmd stops at %s without running the current batch: the statements before it since the last GO are not executed", f.Text[c.start:c.nameEnd]))
	}
	p.b.reset()
	p.quit = true
}

// ppHasCode reports whether text holds anything but blanks and comments.
func ppHasCode(text string) bool {
	depth := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case depth > 0:
			if c == '/' && i+1 < len(text) && text[i+1] == '*' {
				depth++
				i++
			} else if c == '*' && i+1 < len(text) && text[i+1] == '/' {
				depth--
				i++
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			for i < len(text) && text[i] != '\n' && text[i] != '\r' {
				i++
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			depth = 1
			i++
		default:
			return true
		}
	}
	return false
}

// setvar runs ":setvar NAME [value]". The value is a word without blanks
// or a double-quoted string in which "" stands for one quote; a backslash
// has no special meaning ("D:\SQLDATA\" is D:\SQLDATA\). Without a value
// the variable is removed. (go-sqlcmd variables.go ParseValue.)
func (p *ppPreprocessor) setvar(f *File, a, e int, bad func(string)) {
	s := f.Text
	if a == e {
		bad("a variable name is required")
		return
	}
	k := a
	for k < e && !ppIsBlank(s[k]) {
		k++
	}
	name := s[a:k]
	if !ppValidVarName(name) {
		p.diag(f, a, k, fmt.Sprintf("invalid sqlcmd variable name %q: use letters, digits, _ or -, starting with a letter or _", name))
		return
	}
	for k < e && ppIsBlank(s[k]) {
		k++
	}
	key := strings.ToUpper(name)
	if ppReadOnly[key] {
		p.diag(f, a, e, ppReadOnlyMessage(name, key))
		return
	}
	if k == e {
		// Nothing defines the variable: nothing to remove. go-sqlcmd
		// fails (variables.go Setvar: UndefinedVariable), which stops a
		// script run with -b or :on error exit.
		if _, st := p.lookup(name); st == ppVarUndefined {
			p.diag(f, a, a+len(name), fmt.Sprintf("sqlcmd variable %s is not defined, so :setvar %s has no value to remove: "+
				"go-sqlcmd fails on it (\"'%s' scripting variable not defined\"), which stops a script run with -b or :on error exit; "+
				"give it a value, or remove the line", name, name, name))
		}
		p.changing(key)
		delete(p.vars, key)
		return
	}
	p.changing(key)
	raw := s[k:e]
	if raw[0] != '"' {
		if strings.ContainsAny(raw, " \t") {
			p.diag(f, k, e, fmt.Sprintf("invalid value for sqlcmd variable %s: a value with blanks must be enclosed in double quotes", name))
			return
		}
		p.setVar(key, raw)
		return
	}
	val, ok := ppUnquoteValue(raw)
	if !ok {
		if q := ppQuotedEnd(raw); q > 0 && strings.HasPrefix(strings.TrimLeft(raw[q:], " \t"), "--") {
			// "value" -- comment: sqlcmd takes no comment on a :setvar
			// line (go-sqlcmd fails), SSMS's SQLCMD mode reads it as one;
			// the value stands for what follows, so that its uses are
			// not reported again as undefined
			val, _ = ppUnquoteValue(raw[:q])
			p.diag(f, k+q, e, fmt.Sprintf("invalid value for sqlcmd variable %s: sqlcmd takes nothing after the closing quote, not even a comment (SSMS's SQLCMD mode ignores it); put the comment on a line of its own", name))
			p.setVar(key, val)
			return
		}
		p.diag(f, k, e, fmt.Sprintf("invalid value for sqlcmd variable %s: %s is not a double-quoted string (write \"\" for a quote inside it)", name, raw))
		return
	}
	p.setVar(key, val)
}

// ppQuotedEnd returns the length of the double-quoted string (doubled
// quotes inside) that raw starts with, or 0 when raw holds no closed one.
func ppQuotedEnd(raw string) int {
	for i := 1; i < len(raw); i++ {
		if raw[i] == '"' {
			if i+1 < len(raw) && raw[i+1] == '"' {
				i++
				continue
			}
			return i + 1
		}
	}
	return 0
}

// ppReadOnly are the scripting variables that :setvar cannot change:
// "R" in the table of sqlcmd scripting variables (learn.microsoft.com,
// "sqlcmd - Use with scripting variables": "the value can only be set one
// time during program initialization"), go-sqlcmd's readOnlyVariables
// (variables.go), which stops :setvar with a read-only error.
var ppReadOnly = map[string]bool{
	"SQLCMDUSER": true, "SQLCMDSERVER": true, "SQLCMDWORKSTATION": true,
	"SQLCMDDBNAME": true, "SQLCMDPACKETSIZE": true, "SQLCMDINI": true,
}

// ppReadOnlyMessage explains a :setvar of a read-only variable (ppReadOnly).
func ppReadOnlyMessage(name, key string) string {
	how := "when it starts"
	if opt := ppPredefined[key]; opt != "" {
		how = "from " + opt + " when it starts"
	}
	if key == ppServer || key == "SQLCMDUSER" {
		how += " and at each :connect"
	}
	return fmt.Sprintf("sqlcmd variable $(%s) is read-only: sqlcmd sets it %s, and :setvar %s fails with an error and leaves its value unchanged", name, how, name)
}

// setVar sets the variable of upper-case name key.
func (p *ppPreprocessor) setVar(key, val string) {
	if p.vars == nil {
		p.vars = make(map[string]string)
	}
	p.vars[key] = val
}

// ppUnquoteValue parses "..." where "" is one quote and nothing may follow
// the closing quote.
func ppUnquoteValue(raw string) (string, bool) {
	if len(raw) < 2 || raw[len(raw)-1] != '"' {
		return "", false
	}
	inner := raw[1 : len(raw)-1]
	if !strings.Contains(inner, `"`) {
		return inner, true
	}
	var sb strings.Builder
	for i := 0; i < len(inner); i++ {
		if inner[i] == '"' {
			if i+1 >= len(inner) || inner[i+1] != '"' {
				return "", false
			}
			i++
		}
		sb.WriteByte(inner[i])
	}
	return sb.String(), true
}

// ppValidVarName: a letter or _ first (SSDT scripts use __IsSqlCmdEnabled),
// then letters, digits, _ or -.
func ppValidVarName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		switch {
		case r == '_' || unicode.IsLetter(r):
		case i > 0 && (r == '-' || unicode.IsDigit(r)):
		default:
			return false
		}
	}
	return true
}

// include runs ":r path": the file's text is inlined at this point.
// A relative path is taken from the directory of the including file;
// both / and \ separate directories.
func (p *ppPreprocessor) include(f *File, c *ppCommand, path string) {
	span := func(msg string) { p.diag(f, c.start, c.end, msg) }
	// Past ppMaxDiags a message is dropped: do not build it. A chain of
	// files that each include the next twice reaches the depth limit
	// thousands of times, and each message joins the whole stack.
	quiet := len(p.script.Diags) > ppMaxDiags
	if p.overBudget || p.includes > ppMaxIncludes {
		return // reported once, when the limit was reached
	}
	clean, rp := p.resolve(f.Path, path)
	// Every :r counts, also one that fails (a missing file, a cycle, too
	// deep): each costs file-system calls, and an included file of :r
	// lines naming a missing file, itself included thousands of times,
	// made millions of them (20 µs each).
	p.includes++
	if p.includes > ppMaxIncludes {
		span(fmt.Sprintf("too many :r commands (more than %d); %s and every :r after it are not included", ppMaxIncludes, clean))
		return
	}
	if p.realStack == nil {
		// the first include: the stack holds the root file alone
		p.stack[0] = filepath.Clean(p.stack[0])
		p.realStack = []string{ppRealPath(p.stack[0])}
	}
	for k, q := range p.realStack {
		if q == rp {
			if !quiet {
				chain := append(append([]string(nil), p.stack[k:]...), clean)
				span(fmt.Sprintf(":r include cycle: %s", strings.Join(chain, " → ")))
			}
			return
		}
	}
	if len(p.stack) > p.maxDepth {
		if !quiet {
			span(fmt.Sprintf(":r includes nested more than %d deep: %s → %s", p.maxDepth, strings.Join(p.stack, " → "), clean))
		}
		return
	}
	if !p.outside {
		if ok, hidden := p.insideRoots(rp); hidden != "" {
			span(fmt.Sprintf(":r %s is not included: %s is hidden: %s", ppQuotePath(path), clean, ppHiddenReason(hidden, p.untrusted, p.remedy)))
			return
		} else if !ok {
			span(fmt.Sprintf(":r %s is not included: %s is outside the folders sqllint checks and the config file's folder %s",
				ppQuotePath(path), clean, ppOutsideHint(p.untrusted, p.remedy)))
			return
		}
	}
	g, ok := p.files[rp]
	if !ok {
		var err error
		if p.cache != nil {
			g, err = p.cache.get(rp, func() (*File, error) { return p.loadFile(clean) })
		} else {
			g, err = p.loadFile(clean)
		}
		if err != nil || g == nil {
			if err == nil {
				err = fmt.Errorf("no file")
			}
			// The cache is keyed by the physical file: an error it kept
			// may name another path to it. Name the one this :r wrote.
			tooLarge, missing := errors.Is(err, fsread.ErrTooLarge), errors.Is(err, fs.ErrNotExist)
			notRegular := errors.Is(err, fsread.ErrNotRegular)
			var fe *fsread.Error
			var pe *fs.PathError
			switch {
			case errors.As(err, &fe):
				err = errors.New(clean + ": " + fe.Msg)
			case errors.As(err, &pe):
				// the path and the reason, not the system call
				// ("stat …: no such file or directory")
				err = errors.New(clean + ": " + pe.Err.Error())
			}
			msg := fmt.Sprintf(":r cannot include %s: %v", ppQuotePath(path), err)
			if alt := p.rootAlternative(f.Path, path, clean); alt != "" && missing {
				// name every path tried, not only the first
				msg += " (nor in the root script's folder: " + alt + ")"
			}
			switch {
			case tooLarge && p.untrusted && p.maxFile >= DefaultMaxFileSize:
				// the config may not raise a limit above its default
				msg += " (--untrusted-config ignores a max-file-size above the default in the config file)"
			case tooLarge:
				msg += " (raise max-file-size in the config file to include it)"
			}
			if notRegular {
				if info, e := os.Stat(clean); e == nil && info.IsDir() {
					msg += "; sqlcmd cannot read a folder either, and fails on this :r: name a script file"
				}
			}
			if a, e := c.args(f.Text); strings.Contains(f.Text[a:e], `""`) {
				// ppJoinQuoted dropped every quote: the name above is not
				// the one written
				msg += fmt.Sprintf(" (the name is read from %s with its quotes dropped, as sqlcmd joins the quoted parts of a name; "+
					"a file name on Windows cannot hold a double quote)", f.Text[a:e])
			}
			span(msg)
			return
		}
		if p.files == nil {
			p.files = make(map[string]*File)
		}
		p.files[rp] = g
		p.script.Files = append(p.script.Files, g)
	}
	if !p.charge(f, c.start, c.end, int64(len(g.Text)), ":r ", path, "") {
		return
	}
	p.stack = append(p.stack, clean)
	p.realStack = append(p.realStack, rp)
	if p.reads == nil {
		p.reads = make(map[*File]int)
	}
	p.reads[g]++
	p.scanFile(g)
	p.stack = p.stack[:len(p.stack)-1]
	p.realStack = p.realStack[:len(p.realStack)-1]
	if p.quit {
		return
	}
	// sqlcmd reads files line by line: an included file's last line ends
	// with the file even without a line break. Give the batch the :r
	// line's break in that case so that the next line stays separate.
	if t := g.Text; t != "" && t[len(t)-1] != '\n' && t[len(t)-1] != '\r' &&
		p.b.size() > 0 && p.b.last != '\n' && p.b.last != '\r' {
		p.b.appendRun(f, c.end, c.next)
	}
}

// resolve returns the cleaned path that ":r path" in the file from names
// (ppResolveInclude, ppIncludeFromRoot) and its real path (ppRealPath).
// With an IncludeCache the answer is kept for the run: resolving takes a
// dozen file-system calls, and a few small files including each other
// make thousands of :r a script.
func (p *ppPreprocessor) resolve(from, path string) (clean, rp string) {
	if p.cache == nil {
		fc := p.folds()
		clean = ppIncludeFromRoot(p.stack[0], from, path, ppResolveInclude(from, path, fc), fc)
		return clean, ppRealPath(clean)
	}
	// What the answer depends on: the root's folder (ppIncludeFromRoot),
	// the including file's folder and the name.
	key := filepath.Dir(p.stack[0]) + "\x00" + filepath.Dir(from) + "\x00" + path
	return p.cache.resolve(key, func() (string, string) {
		fc := p.folds()
		clean := ppIncludeFromRoot(p.stack[0], from, path, ppResolveInclude(from, path, fc), fc)
		return clean, ppRealPath(clean)
	})
}

// rootAlternative is the path that ppIncludeFromRoot also tries for
// ":r path" in the file from when clean, the path beside from, is not
// there: the one relative to the root script's folder; "" when from is
// in that folder (there is no other path) or both are one.
func (p *ppPreprocessor) rootAlternative(from, path, clean string) string {
	root := p.stack[0]
	if from == root || filepath.Dir(from) == filepath.Dir(root) {
		return ""
	}
	if alt := ppResolveInclude(root, path, p.folds()); alt != clean {
		return alt
	}
	return ""
}

// folds is the run's FoldCache, or without an IncludeCache the script's.
func (p *ppPreprocessor) folds() *FoldCache {
	if p.cache != nil {
		return &p.cache.folds
	}
	if p.ownFolds == nil {
		p.ownFolds = NewFoldCache()
	}
	return p.ownFolds
}

// charge accounts for n bytes that an include or a variable, named
// pre+name+post, adds to the root file's text. Past a limit it reports
// SL002 once, at f[start:end], and returns false: from then on nothing is
// expanded. (The name is built only then: no allocation per variable.)
func (p *ppPreprocessor) charge(f *File, start, end int, n int64, pre, name, post string) bool {
	if n == 0 {
		return true
	}
	if p.overBudget {
		return false
	}
	var msg string
	what := func() string { return pre + name + post }
	if p.expanded+n > p.maxExpanded {
		msg = fmt.Sprintf("%s is not expanded: the text that includes and variables add to %s would pass the limit of %s per root file "+
			"(max-expanded-size in the config file); nothing after it is expanded either", what(), p.script.File.Path, fsread.FormatSize(p.maxExpanded))
	} else if p.cache != nil && !p.cache.charge(n) {
		msg = fmt.Sprintf("%s is not expanded: the text that includes and variables add in this run would pass the limit of %s "+
			"(max-total-expanded-size in the config file); nothing after it in %s is expanded either", what(), fsread.FormatSize(p.cache.maxTotal), p.script.File.Path)
	}
	if msg != "" {
		p.overBudget = true
		p.diag(f, start, end, msg)
		return false
	}
	p.expanded += n
	return true
}

// insideRoots reports whether one of the allowed folders allows the
// file at real path rp (ppAllowed); hidden names the hidden file or
// folder that keeps it out, "" when it lies outside them all.
func (p *ppPreprocessor) insideRoots(rp string) (ok bool, hidden string) {
	if p.realRoots == nil {
		roots := p.roots
		if roots == nil {
			roots = []string{filepath.Dir(p.stack[0])}
		}
		p.realRoots = make([]string, 0, len(roots))
		for _, r := range roots {
			p.realRoots = append(p.realRoots, ppRealPath(r))
		}
	}
	return ppAllowed(p.realRoots, rp)
}

// MayRead reports whether :r may read the file at path under o (nil: it
// may): anywhere with IncludeOutside, else only inside Roots and not
// through a hidden name below them (ppAllowed; symbolic links resolved on
// both sides). A nil o or nil Roots allows nothing here, as no root file
// gives a default folder. Walking a folder uses it for the symbolic links
// it meets, so that a link committed in a pull request reaches no further
// than an :r could.
func (o *PreprocessOptions) MayRead(path string) error {
	if o != nil && o.IncludeOutside {
		return nil
	}
	var realRoots []string
	if o != nil {
		realRoots = make([]string, len(o.Roots))
		for i, r := range o.Roots {
			realRoots[i] = ppRealPath(r)
		}
	}
	ok, hidden := ppAllowed(realRoots, ppRealPath(path))
	untrusted, remedy := false, ""
	if o != nil {
		untrusted, remedy = o.UntrustedConfig, o.UntrustedRemedy
	}
	switch {
	case hidden != "":
		return errors.New("symbolic link to a hidden file: not read: " + ppHiddenReason(hidden, untrusted, remedy))
	case !ok:
		return errors.New("symbolic link to a file outside the checked folders and the config file's folder: not read " + ppOutsideHint(untrusted, remedy))
	}
	return nil
}

// ppAllowed reports whether one of the folders of real paths realRoots
// allows the file at real path rp: rp lies in it and no name of rp below
// it starts with "." (a hidden file or folder: .env, .git/config,
// .aws/credentials hold secrets and settings, not scripts, and a finding
// would print what :r read). A root's own name is not checked: a hidden
// folder scanned or listed under include-roots is meant. When none
// allows rp but one holds it, hidden is the hidden name below the
// innermost such root (below .shared, not .shared itself).
func ppAllowed(realRoots []string, rp string) (ok bool, hidden string) {
	inner := -1 // the length of rp below the root hidden comes from
	for _, r := range realRoots {
		rel, in := ppRel(r, rp)
		if !in {
			continue
		}
		h := ppHiddenName(rel)
		if h == "" {
			return true, ""
		}
		if inner < 0 || len(rel) < inner {
			hidden, inner = h, len(rel)
		}
	}
	return false, hidden
}

// ppHiddenName is the first name of the relative path rel that starts
// with "." ("" when none does).
func ppHiddenName(rel string) string {
	for rel != "" {
		name, rest, _ := strings.Cut(rel, string(filepath.Separator))
		if len(name) > 1 && name[0] == '.' && name != ".." {
			return name
		}
		rel = rest
	}
	return ""
}

// ppHiddenReason says why a file through the hidden name is not read,
// and how to read it: untrusted when the config's include-roots is
// ignored (PreprocessOptions.UntrustedConfig), remedy what to do then
// (PreprocessOptions.UntrustedRemedy).
func ppHiddenReason(name string, untrusted bool, remedy string) string {
	how := "scan it or list it under include-roots: in the config file"
	if untrusted {
		how = cmp.Or(remedy, "scan it or give it with --context DIR") + " (--untrusted-config ignores the config file's include-roots:)"
	}
	return fmt.Sprintf("%q on its real path starts with \".\"; sqllint reads no hidden file or folder inside the checked folders "+
		"(.env, .git: they hold secrets and settings, not scripts; to read from a hidden folder, %s)", name, how)
}

// ppOutsideHint says how to let :r read a file outside the allowed
// folders: untrusted when the config's include-roots and include-outside
// are ignored (PreprocessOptions.UntrustedConfig), remedy what to do
// then (PreprocessOptions.UntrustedRemedy).
func ppOutsideHint(untrusted bool, remedy string) string {
	if untrusted {
		return "(--untrusted-config ignores the config file's include-roots: and include-outside:; " + cmp.Or(remedy, "scan its folder too, or give it with --context DIR") + ")"
	}
	return "(list its folder under include-roots: in the config file, or set include-outside: true)"
}

// ppRel returns path relative to dir ("." for dir itself) and whether
// path is dir or lies under it (both absolute and clean).
func ppRel(dir, path string) (string, bool) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" { // case-insensitive file systems
		dir, path = strings.ToLower(dir), strings.ToLower(path)
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// ppRealPath returns path made absolute, with symbolic links resolved when
// it exists (cleaned otherwise).
func ppRealPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	if r, err := ppEvalSymlinks(abs); err == nil {
		return r
	}
	// A missing file: resolve its folder, which may be a link.
	if d, err := ppEvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(d, filepath.Base(abs))
	}
	return abs
}

// ppEvalSymlinks is filepath.EvalSymlinks (a variable for the tests that
// count the calls).
var ppEvalSymlinks = filepath.EvalSymlinks

// ppResolveInclude returns the cleaned path of an include named in the
// file from.
func ppResolveInclude(from, path string, fc *FoldCache) string {
	path = strings.TrimSpace(path)
	slashed := strings.ReplaceAll(path, `\`, "/")
	if filepath.Separator == '\\' {
		slashed = path
	}
	p := filepath.FromSlash(slashed)
	if filepath.IsAbs(p) || filepath.VolumeName(p) != "" {
		return ppFoldCase(filepath.Clean(p), fc)
	}
	return ppFoldCase(filepath.Join(filepath.Dir(from), p), fc)
}

// ppIncludeFromRoot returns clean, the include path named in from, or
// when no file is there and from is itself an included script, the path
// relative to the root script's folder when a file is there. sqlcmd opens
// a relative :r name from its current folder, the master script's when it
// runs `sqlcmd -i CreateAll.sql` there: Create\Create.sql included by
// CreateAll.sql writes `:r .\Create\Tables\Logs.sql` for the file beside
// it.
func ppIncludeFromRoot(root, from, path, clean string, fc *FoldCache) string {
	if from == root || filepath.Dir(from) == filepath.Dir(root) {
		return clean
	}
	if _, err := os.Lstat(clean); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return clean
	}
	alt := ppResolveInclude(root, path, fc)
	if alt == clean {
		return clean
	}
	if _, err := os.Lstat(alt); err != nil {
		return clean
	}
	return alt
}

// IncludeTarget is the path that line, a line of the script from, names
// when it is a :r command, parsed and resolved as the preprocessor does
// (a trailing -- comment dropped, a quoted name taken inside its quotes,
// relative to from's folder); false for any other line, or a name made
// with a $(var), which only a run can resolve.
func IncludeTarget(from, line string) (string, bool) {
	return (*FoldCache)(nil).IncludeTarget(from, line)
}

// IncludeTarget is the package's IncludeTarget with the folders it lists
// to match a name's letter case kept in c.
func (fc *FoldCache) IncludeTarget(from, line string) (string, bool) {
	line = strings.TrimRight(line, "\r")
	i := 0
	for i < len(line) && ppIsBlank(line[i]) {
		i++
	}
	if i+2 >= len(line) || line[i] != ':' || line[i+1]|0x20 != 'r' || !ppIsBlank(line[i+2]) {
		return "", false
	}
	c := ppCommand{name: "r", start: i, nameEnd: i + 2, end: len(line)}
	a, e := c.args(line)
	a, e, whole := ppIncludeName(line, a, e)
	if a < 0 || a == e || strings.Contains(line[a:e], "$(") {
		return "", false
	}
	name := line[a:e]
	if !whole {
		name = ppJoinQuoted(name)
	}
	return ppResolveInclude(from, name, fc), true
}

// ppIncludeName returns the bounds of the file name of a :r command whose
// arguments are s[a:e], and whole when the name is quoted whole ("x y.sql",
// read inside its quotes); otherwise its quoted parts are to be joined to
// the rest (ppJoinQuoted), a leading one too: `"$(root)"\x.sql` names
// root\x.sql. start is -1 when a leading quote is not closed.
func ppIncludeName(s string, a, e int) (start, end int, whole bool) {
	if a == e || s[a] != '"' {
		return a, e, false
	}
	q := strings.IndexByte(s[a+1:e], '"')
	if q < 0 {
		return -1, -1, false
	}
	if a+1+q+1 < e {
		return a, e, false // text after the closing quote: parts to join
	}
	return a + 1, a + 1 + q, true
}

// ppJoinQuoted returns an unquoted :r name with its quoted parts joined to
// the rest, quotes dropped, as sqlcmd reads it: `$(root)"\x.sql"` names
// root\x.sql, `.\Create\"My Tables"\x.sql` the folder My Tables. A name
// with an unbalanced quote is left as written (and reported missing).
func ppJoinQuoted(name string) string {
	n := strings.Count(name, `"`)
	if n == 0 || n%2 != 0 {
		return name
	}
	return strings.ReplaceAll(name, `"`, "")
}

// ppQuotePath quotes an include path as the script wrote it: a Windows
// path keeps its single backslashes (%q would double them); a path with a
// quote or a control character is quoted Go-style.
func ppQuotePath(path string) string {
	for _, r := range path {
		if r == '"' || unicode.IsControl(r) {
			return strconv.Quote(path)
		}
	}
	return `"` + path + `"`
}

// ppFoldCase returns path, or when no file has that exact name, the one
// file whose name differs from it only in letter case. Deployment scripts
// are written for sqlcmd and SSMS on Windows, where `:r .\Seed\data.sql`
// opens Seed/Data.sql; on a case-sensitive file system (a Linux CI runner)
// the include would otherwise be reported missing. An ambiguous name (two
// files that differ only in case) is left as written. A non-nil fc lists
// each folder once: without it a script of many :r lines naming a missing
// file listed its folder once per line.
func ppFoldCase(path string, fc *FoldCache) string {
	if _, err := os.Lstat(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return path
	}
	dir, base := filepath.Split(path)
	if base == "" || base == "." || base == ".." {
		return path
	}
	dir = filepath.Clean(dir)
	if d := ppFoldCase(dir, fc); d != dir {
		dir = d
	}
	match := fc.match(dir, base)
	if match == "" {
		return path
	}
	return filepath.Join(dir, match)
}

// ppReadDir lists a folder for ppFoldCase (a variable for the tests that
// count the listings).
var ppReadDir = os.ReadDir

// FoldCache remembers, for ppFoldCase, the names of the folders it has
// listed, by their letter-case-folded name, so that each folder is listed
// once however many :r lines name a missing file in it. The file system is
// taken as unchanging while the cache lives (one run). It holds at most
// foldCacheNames names; past them a folder is listed each time, as without
// a cache. A nil *FoldCache caches nothing. It is safe for concurrent use.
type FoldCache struct {
	mu   sync.Mutex
	dirs map[string]foldDir
	held int
}

// foldDir is a listed folder: folded name -> the name, "" when two names
// fold alike (ambiguous); listed false when the folder cannot be read.
type foldDir struct {
	names  map[string]string
	listed bool
}

// foldCacheNames bounds the names a FoldCache holds.
const foldCacheNames = 1 << 20

// NewFoldCache returns an empty FoldCache.
func NewFoldCache() *FoldCache { return &FoldCache{} }

// match returns the one name in folder dir equal to base under Unicode
// case folding (strings.EqualFold), "" when there is none, more than one,
// or the folder cannot be read.
func (c *FoldCache) match(dir, base string) string {
	if c == nil {
		entries, err := ppReadDir(dir)
		if err != nil {
			return ""
		}
		match := ""
		for _, e := range entries {
			if strings.EqualFold(e.Name(), base) {
				if match != "" {
					return "" // ambiguous
				}
				match = e.Name()
			}
		}
		return match
	}
	c.mu.Lock()
	d, ok := c.dirs[dir]
	c.mu.Unlock()
	if !ok {
		entries, err := ppReadDir(dir)
		d.listed = err == nil
		if d.listed {
			d.names = make(map[string]string, len(entries))
			for _, e := range entries {
				k := foldKey(e.Name())
				if _, dup := d.names[k]; dup {
					d.names[k] = ""
				} else {
					d.names[k] = e.Name()
				}
			}
		}
		c.mu.Lock()
		if c.held+len(entries) <= foldCacheNames {
			if c.dirs == nil {
				c.dirs = make(map[string]foldDir)
			}
			c.dirs[dir] = d
			c.held += len(entries) + 1
		}
		c.mu.Unlock()
	}
	if !d.listed {
		return ""
	}
	return d.names[foldKey(base)]
}

// foldKey returns s with each rune replaced by the least rune of its
// simple case-folding orbit, so that foldKey(a) == foldKey(b) exactly when
// strings.EqualFold(a, b) (an invalid byte reads as U+FFFD in both).
func foldKey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}

// ppBatchBuilder accumulates the text of one batch. While the batch is one
// contiguous run of a file it only records the run's bounds, so that the
// final text is a substring of File.Text; otherwise it records the pieces
// of the text (runs of files, variables' values: substrings, not copies)
// and a Segment per run, and copies them once, into a text of exactly
// their length, when the batch is finished. (Copying as it went, the
// text grew a quarter at a time near 64 MB, and the copies it left
// behind made a batch of 61 MB of $(var) values peak at 212 MB.)
type ppBatchBuilder struct {
	file       *File // the run while simple
	start, end int
	built      bool
	parts      []string // the text's pieces, while built
	n          int      // their length
	segs       []Segment
	last       byte // last byte of the text so far

	slab     []ppSimpleBatch // preallocated simple batches
	slabSize int
	lent     *ppSimpleBatch // the lent plain batch (PreprocessLent)
	// discard drops a built batch at its end without joining its text
	// (IncludedFiles); reset leaves it
	discard bool
}

func (b *ppBatchBuilder) size() int {
	if b.built {
		return b.n
	}
	return b.end - b.start
}

// text is the batch's text so far. A built one is joined into one piece,
// which later calls return until more is appended.
func (b *ppBatchBuilder) text() string {
	if b.built {
		if len(b.parts) > 1 {
			b.parts = append(b.parts[:0], b.join())
		}
		if len(b.parts) == 0 {
			return ""
		}
		return b.parts[0]
	}
	if b.file == nil {
		return ""
	}
	return b.file.Text[b.start:b.end]
}

// join copies the pieces of a built batch into one text of their length.
func (b *ppBatchBuilder) join() string {
	var sb strings.Builder
	sb.Grow(b.n)
	for _, s := range b.parts {
		sb.WriteString(s)
	}
	return sb.String()
}

func (b *ppBatchBuilder) appendRun(f *File, from, to int) {
	if from >= to {
		return
	}
	b.last = f.Text[to-1]
	if !b.built {
		if b.file == nil {
			b.file, b.start, b.end = f, from, to
			return
		}
		if b.file == f && b.end == from {
			b.end = to
			return
		}
		b.build()
	}
	if len(b.segs) == 0 {
		b.segs = append(b.segs, Segment{Out: b.n, File: f, In: from})
	} else if last := &b.segs[len(b.segs)-1]; last.Subst || last.File != f || last.In+b.n-last.Out != from {
		b.segs = append(b.segs, Segment{Out: b.n, File: f, In: from})
	}
	b.put(f.Text[from:to])
}

// put appends s to the pieces of a built batch.
func (b *ppBatchBuilder) put(s string) {
	b.parts = append(b.parts, s)
	b.n += len(s)
}

// appendSubst appends the value of the $(var) at offset at of f.
func (b *ppBatchBuilder) appendSubst(f *File, at int, val string) {
	if val == "" {
		return
	}
	if !b.built {
		b.build()
	}
	b.segs = append(b.segs, Segment{Out: b.n, File: f, In: at, Subst: true})
	b.put(val)
	b.last = val[len(val)-1]
}

// build switches from the simple run to the pieces.
func (b *ppBatchBuilder) build() {
	b.built = true
	b.segs = make([]Segment, 0, 8)
	b.parts = make([]string, 0, 8)
	if b.file != nil {
		b.put(b.file.Text[b.start:b.end])
		b.segs = append(b.segs, Segment{Out: 0, File: b.file, In: b.start})
	}
}

// finish returns the batch built so far (nil when it has no text) and
// starts a new one. A lent batch of one run is the builder's own, reused
// by the next lent one.
func (b *ppBatchBuilder) finish(lent bool) *Batch {
	if b.built {
		if b.discard {
			b.reset()
			return nil
		}
		text, segs := b.text(), b.segs
		b.reset()
		if text == "" {
			return nil
		}
		return &Batch{Text: text, Segs: segs}
	}
	if b.file == nil || b.start == b.end {
		b.reset()
		return nil
	}
	var one *ppSimpleBatch
	if lent {
		if b.lent == nil {
			b.lent = new(ppSimpleBatch)
		}
		one = b.lent
	} else {
		// The batch and its only segment come from a slab: one
		// allocation for many batches.
		if len(b.slab) == 0 {
			b.slabSize = min(max(2*b.slabSize, 4), 1024)
			b.slab = make([]ppSimpleBatch, b.slabSize)
		}
		one = &b.slab[0]
		b.slab = b.slab[1:]
	}
	// field by field: a whole-struct copy from a temporary stalls on
	// the stores just made (once per batch)
	seg := &one.seg[0]
	seg.Out, seg.File, seg.In, seg.Subst = 0, b.file, b.start, false
	one.b.Text, one.b.Segs, one.b.Index, one.b.Count = b.file.Text[b.start:b.end], one.seg[:], 0, 0
	b.reset()
	return &one.b
}

// ppSimpleBatch is a batch of one segment.
type ppSimpleBatch struct {
	b   Batch
	seg [1]Segment
}

// Clone returns a copy of b that shares no memory with it but the text
// (a lent batch kept: PreprocessLent).
func (b *Batch) Clone() *Batch {
	if len(b.Segs) == 1 {
		one := &ppSimpleBatch{b: *b, seg: [1]Segment{b.Segs[0]}}
		one.b.Segs = one.seg[:]
		return &one.b
	}
	c := *b
	c.Segs = append([]Segment(nil), b.Segs...)
	return &c
}

// reset starts a new batch; the slab and the lent batch stay. (Only
// the fields a batch sets are cleared: this runs once per batch.)
func (b *ppBatchBuilder) reset() {
	b.file, b.start, b.end, b.last = nil, 0, 0, 0
	if b.built {
		b.built, b.parts, b.n, b.segs = false, nil, 0, nil
	}
}
