package rules

import (
	"hash/maphash"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// ServerFacts are what live mode learned from a server. The CLI fills them
// from package live; rules only read them.
type ServerFacts struct {
	Server     string
	Major      int          // 16 = SQL Server 2022; 0 when unknown
	IFI        *bool        // instant file initialization; nil when unknown
	TraceFlags map[int]bool // global trace flags; nil when unknown
	Databases  map[string]*ServerDatabase
}

// ServerDatabase is one database as the server has it.
type ServerDatabase struct {
	Name                  string
	Exists                bool
	TargetRecoverySeconds *int
	Encrypted             *bool
	Files                 []ServerFile
	Filegroups            int
	// FullBackup is the latest full backup of the database in the
	// server's backup history; nil when there is none or it is unknown.
	FullBackup *ServerBackup
}

// ServerFile is a file of a database on the server.
type ServerFile struct {
	Name      string
	Log       bool
	Filegroup string
	Size      int64
}

// ServerBackup is the latest full backup of a database that the server
// took itself, from its backup history (msdb).
type ServerBackup struct {
	Finished string       // backup_finish_date, as the server gave it
	Files    []ServerFile // the files a restore of it creates, with their sizes
}

// Database is what the scanned scripts (and the server, in live mode) say
// about one database at a point of the run.
type Database struct {
	Key  string // parser.Name.Key()
	Name string // as first written
	// Files by lower-case logical name; files whose name is not known
	// (FOR ATTACH without NAME, automatic log files) count in Unnamed.
	Files      FileSet
	Unnamed    int
	Filegroups NameSet // lower-case names, PRIMARY included
	TRT        *int64  // TARGET_RECOVERY_TIME in seconds, when set
	TDE        bool
	// Created is true when a scanned script created the database.
	Created bool
	// FromServer is true when the files came from the live server.
	FromServer bool
	// restoring is true after a RESTORE WITH NORECOVERY or STANDBY, until
	// one WITH RECOVERY: the database waits for more backups.
	restoring bool
	// gone is set once the database is no longer in Model.Databases
	// under its key (dropped, created anew, renamed): see Model.recentDBs
	gone bool
	// summaries counts the summarized backup snapshots of this database,
	// up to summaryMaxPerDB+1 (beside the flags: a Database is no larger
	// for its sets' generations).
	summaries int32
	// reported holds the rules that reported on this database once
	// (once), shared with the copy a rename makes
	reported *onceRules
	// snap is the last backup snapshot of this database (see snapshot),
	// summary its last summarized one.
	snap, summary *layout
	// ExtraFilegroups counts filegroups whose names are not known (a
	// database restored from a summarized backup snapshot).
	ExtraFilegroups int
	// containers holds the lower-case names of its FILESTREAM and
	// memory-optimized filegroups (see isContainer), nil when it has
	// none (a pointer: most databases have none, and a NameSet's look-up
	// stays fast when a script gives thousands of them)
	containers *NameSet
}

// isContainer reports whether fg names one of d's FILESTREAM or
// memory-optimized filegroups. Their files are containers, folders that
// hold no pages: SQL Server zero-fills nothing for them, and its
// documentation says that SIZE and FILEGROWTH do not apply to a
// FILESTREAM filegroup (a statement giving them is refused), so no SIZE
// or FILEGROWTH written on one allocates or grows data-file space.
func (m *Model) isContainer(d *Database, fg string) bool {
	if d.containers == nil || d.containers.Len() == 0 || fg == "" {
		return false
	}
	return d.containers.Has(m.lower(fg))
}

// setContainer records (on) or forgets that d's filegroup fg is a
// FILESTREAM or memory-optimized one.
func (m *Model) setContainer(d *Database, fg string, on bool) {
	switch {
	case on:
		if d.containers == nil {
			d.containers = new(NameSet)
		}
		d.containers.Add(m.lower(fg))
	case d.containers != nil:
		d.containers.Delete(m.lower(fg))
	}
}

// DBFile is one file of a database: 24 bytes and no pointer (see
// nameTable). Its names are in the nameTable of its FileSet (the
// model's): FileSet.Name and FileSet.Filegroup read them.
type DBFile struct {
	name, filegroup nameID
	// MaxMB is the file's MAXSIZE in whole MB, 0 when unknown or
	// UNLIMITED: a MAXSIZE lasts until another is given, and caps the
	// growths set later (fileMaxSize)
	MaxMB int32
	Log   bool
	// AtLeast is set when Size is a lower bound: the target of a DBCC
	// SHRINKFILE, which stops short of it when the file holds more
	// (SHRINKFILE's documentation). A growth over it is then an upper
	// bound (Alloc.UpTo). In the byte between Log and GrowPct: a
	// DBFile is no larger for it.
	AtLeast bool
	// GrowPct is the file's FILEGROWTH in percent, 0 when it is fixed,
	// unknown or not given (or over 65,535%): a percent growth is a share
	// of the size, so a later SIZE changes what one growth zero-fills.
	// 16 bits, next to Log: a DBFile is no larger for it.
	GrowPct uint16
	Size    int64 // bytes; 0 when unknown
}

// growPct is FILEGROWTH g as DBFile.GrowPct: its percentage, 0 when
// fixed, unknown, not given or too large to keep.
func growPct(g *parser.Size) uint16 {
	if g == nil || g.Unknown || g.Unlimited || g.Percent <= 0 || g.Percent > math.MaxUint16 {
		return 0
	}
	return uint16(g.Percent)
}

// Name is f's logical name, as written.
func (s *FileSet) Name(f DBFile) string { return s.names.str(f.name) }

// Filegroup is the name of f's filegroup as written, "" when not given.
func (s *FileSet) Filegroup(f DBFile) string { return s.names.str(f.filegroup) }

// FileCount is the number of files, data and log.
func (d *Database) FileCount() int { return d.Files.Len() + d.Unnamed }

// FilegroupCount is the number of filegroups, PRIMARY included.
func (d *Database) FilegroupCount() int { return d.Filegroups.Len() + d.ExtraFilegroups }

// onceRules are the rules that report on a database once, as bits: a
// map by rule ID was looked up for every statement on a database past
// SL101's budget (a dense run's few large databases: most statements).
type onceRules uint8

const (
	onceSL101 onceRules = 1 << iota
	onceSL102
)

// once reports whether rule r has not yet reported on d, and marks it.
func (d *Database) once(r onceRules) bool {
	if d.reported == nil {
		d.reported = new(onceRules)
	}
	if *d.reported&r != 0 {
		return false
	}
	*d.reported |= r
	return true
}

// hasReported reports whether rule r reported on d already (once).
func (d *Database) hasReported(r onceRules) bool {
	return d.reported != nil && *d.reported&r != 0
}

// Alloc is file space a statement allocates, which SQL Server zero-fills
// unless instant file initialization applies (data files only).
type Alloc struct {
	File  string
	Log   bool
	Bytes int64
	// UpTo is set when the file's size before the statement was unknown
	// (Bytes is then the new size) or only a lower bound (DBFile.AtLeast):
	// Bytes is an upper bound of the allocation.
	UpTo bool
	// AtLeast is set on a file a restore creates when its size is only
	// a lower bound (DBFile.AtLeast: the target of a DBCC SHRINKFILE):
	// Bytes is a lower bound of the allocation.
	AtLeast bool
}

// Growth is an autogrowth setting a statement gives a file.
type Growth struct {
	File string
	Log  bool
	// RoomMB is what the file's MAXSIZE leaves above its known size, in
	// whole MB, 0 when either is unknown (or MAXSIZE is UNLIMITED): no
	// growth zero-fills more than that (maxRoom). 32 bits, next to Log:
	// a Growth is no larger for it.
	RoomMB int32
	Size   parser.Size
	// FileSize is the file's size in bytes after the statement, 0 when
	// unknown: a percent growth is that much of it.
	FileSize int64
}

// Effect is what one statement does to the model, computed once for all
// rules.
type Effect struct {
	Stmt *parser.Statement
	// Script is the index in Model.Scripts; Next the index in
	// Model.Effects of the next statement of the same script, -1 at the
	// end (32 bits each: an Effect for each kept statement of a huge
	// script lives while its rules run).
	Script, Next int32
	// DB is the database the statement acts on (nil when none). For
	// CHECKPOINT it is the database of the USE context.
	DB *Database
	// Files and Filegroups are DB's counts after the statement (32 bits
	// each, as Script and Next: SQL Server allows 32,767 of each).
	Files, Filegroups int32
	// more is what few statements do (see Allocs, Growths, Restore): nil
	// for most, so that an Effect takes 64 bytes rather than 112.
	more *effectMore
	// Context is the key of the database of the USE context before the
	// statement ("" when unknown).
	Context string
}

// effectMore is the part of an Effect most statements leave empty.
type effectMore struct {
	allocs  []Alloc
	growths []Growth
	restore *RestoreEffect
	// room for the first two allocations and the first growth, which is
	// all most statements have (a CREATE DATABASE allocates its data and
	// its log file: with room for one, the second was a new slice for
	// each, 4 MB a run of the dense corpus)
	alloc1  [2]Alloc
	growth1 [1]Growth
	// clause is the span clauseSpan (clauseAction) or logClauseSpan
	// (clauseLog) reads from the statement's parsed form, kept here when
	// an Engine lets that form go once replayed (see Model.slim)
	clause     parser.Span
	clauseKind uint8
	// tde is whether the database used Transparent Data Encryption after
	// the statement (see usesTDE)
	tde bool
	// trt is a copy of the TARGET_RECOVERY_TIME = 0 that SL301 reports,
	// kept when an Engine lets go of the ALTER DATABASE that set it (see
	// Model.slim and targetRecovery)
	trt *parser.Duration
}

// What effectMore.clause holds.
const (
	clauseAction = iota + 1 // an ALTER DATABASE's ActionSpan
	clauseLog               // a CREATE DATABASE's LogSpan
)

// usesTDE reports whether the statement's database used Transparent Data
// Encryption, which rules out IFI for data files, when the statement ran:
// a later SET ENCRYPTION ON or OFF changes the Database, not what an
// earlier allocation, growth or restore met. Only a statement with
// allocations, growths or a restore knows (the rules that ask look at
// no other).
func (e *Effect) usesTDE() bool { return e.more != nil && e.more.tde }

// Allocs are the one-time allocations of the statement.
func (e *Effect) Allocs() []Alloc {
	if e.more == nil {
		return nil
	}
	return e.more.allocs
}

// Growths are the autogrowth settings the statement gives files.
func (e *Effect) Growths() []Growth {
	if e.more == nil {
		return nil
	}
	return e.more.growths
}

// Restore is what a RESTORE DATABASE creates (nil for every other
// statement): its files are not in Allocs, whose rules report one-time
// allocations.
func (e *Effect) Restore() *RestoreEffect {
	if e.more == nil {
		return nil
	}
	return e.more.restore
}

// extra is e.more, made when first needed.
func (e *Effect) extra() *effectMore {
	if e.more == nil {
		e.more = &effectMore{}
	}
	return e.more
}

// extraIn is e.extra(), made in m's room for the effects of the file
// being checked (see moreRoom), where a dense file's thousands of
// effects that allocate take theirs one chunk at a time, reused from file
// to file.
func (m *Model) extraIn(e *Effect) *effectMore {
	if e.more != nil {
		return e.more
	}
	if m.moreChunk == len(m.moreRoom) {
		m.moreRoom = append(m.moreRoom, make([]effectMore, moreChunkLen))
	}
	c := m.moreRoom[m.moreChunk]
	e.more = &c[m.moreUsed]
	if m.moreUsed++; m.moreUsed == len(c) {
		m.moreChunk, m.moreUsed = m.moreChunk+1, 0
	}
	return e.more
}

// resetMores empties the room of extraIn once the effects it served are
// dropped: what they held (names in a script's text) is let go, and a
// huge script's chunks are not kept.
func (m *Model) resetMores() {
	for i := 0; i < m.moreChunk; i++ {
		clear(m.moreRoom[i])
	}
	if m.moreChunk < len(m.moreRoom) {
		clear(m.moreRoom[m.moreChunk][:m.moreUsed])
	}
	m.moreChunk, m.moreUsed = 0, 0
	if len(m.moreRoom) > keepMoreChunks {
		clear(m.moreRoom[keepMoreChunks:])
		m.moreRoom = m.moreRoom[:keepMoreChunks]
	}
}

// moreChunkLen is how many effectMores a chunk of the room holds (216
// bytes each), and keepMoreChunks how many chunks resetMores keeps.
const moreChunkLen, keepMoreChunks = 128, 8

// addAlloc records a one-time allocation.
func (m *Model) addAlloc(e *Effect, a Alloc) {
	m.extraIn(e)
	e.addAlloc(a)
}

// addGrowth records an autogrowth setting.
func (m *Model) addGrowth(e *Effect, g Growth) {
	if g.Size.Bytes > 0 && g.Size.Percent == 0 {
		g.Size.Bytes = growthRounded(g.Size.Bytes)
	}
	m.extraIn(e)
	e.addGrowth(g)
}

// growthRounded is a fixed growth of b bytes as SQL Server sets it:
// rounded to the nearest 64 KB, and at least 64 KB (CREATE DATABASE,
// growth_increment), so that 65,567 KB is the 64 MB SQL Server 2022
// grows a log by instantly.
func growthRounded(b int64) int64 {
	const unit = 64 << 10
	if b > math.MaxInt64-unit {
		return b
	}
	return max(unit, (b+unit/2)/unit*unit)
}

// addAlloc records a one-time allocation.
func (e *Effect) addAlloc(a Alloc) {
	x := e.extra()
	if x.allocs == nil {
		x.allocs = x.alloc1[:0]
	}
	x.allocs = append(x.allocs, a)
}

// addGrowth records an autogrowth setting.
func (e *Effect) addGrowth(g Growth) {
	x := e.extra()
	if x.growths == nil {
		x.growths = x.growth1[:0]
	}
	x.growths = append(x.growths, g)
}

// Model is the database model of a whole run: every scanned script, in
// natural path order, replayed statement by statement.
type Model struct {
	Scripts   []*parser.Result
	Effects   []Effect
	Databases map[string]*Database
	facts     *ServerFacts
	// tempdb's files as the scripts set them so far, and whether SL208
	// has reported (once per run), for each server (see serverKey): a
	// :connect goes to another instance, with a tempdb of its own.
	tempdbFiles    map[string]map[string]*tempFile
	tempdbReported map[string]bool
	// devices are the backup devices the scripts wrote full backups to.
	devices map[string]*device
	// nulDevices are the logical backup devices sp_addumpdevice added on
	// the null device, by nulDeviceKey (dumpdevice.go)
	nulDevices map[string]bool
	// snapshotCopied counts the files and filegroups copied into backup
	// snapshots (bounded by snapshotBudget).
	snapshotCopied int
	// lowered interns the lowered names the model reads and keeps (see
	// lower), at most maxInterned.
	lowered map[string]string
	// names interns the names the model keeps as written (see intern),
	// at most maxInterned.
	names map[string]string
	// messages interns the messages of findings (see message), at most
	// maxMessages.
	messages map[string]string
	// recentMsgs are messages message was given (not foreign) and what it
	// returned for them, by where their text is (see message)
	recentMsgs [64]struct{ k, v string }
	// moreRoom is room for the effectMores of the file being checked (see
	// extraIn): chunks, of which moreChunk is being filled, moreUsed of it
	// used.
	moreRoom            [][]effectMore
	moreChunk, moreUsed int
	// index is the effects of the file being checked by what the rules
	// look for, made for its rules (see Pass.effects)
	index effectIndex
	// memos are messages by what they were formatted from (see memo), at
	// most maxMessages.
	memos *[memoSlots]memoEntry
	// dyns are the constant dynamic SQL of the scripts replayed, in order
	// (dynContexts), for their findings (dynFindings)
	dyns []*parser.DynSource
	// pathSrc is the last path ownPath copied, pathOwned its copy
	pathSrc, pathOwned string
	// slimming is set by an Engine: replay lets go of the parsed forms no
	// rule of a static run reads once they are replayed (see slim)
	slimming bool
	// copying is set while slimming a script of copyAfter statements or
	// more: slim then also replaces what it keeps of some statements by
	// smaller copies (see slim)
	copying bool
	// conns are the databases of the servers :connect switched to
	conns *servers
	// branch is the replay's walk through the IF ... ELSE statements of
	// the script being replayed, nil when it has none (branch.go)
	branch *branches
	// startName is the database the scripts start in (sqlcmd -d) as it
	// was given: the context is its lowered key, and a database first
	// met as that context (ALTER DATABASE CURRENT) takes this name, as
	// one a USE first names takes the USE's
	startName string
	// connected is set once the script being replayed has run a
	// :connect: a statement with no USE context before it is then in the
	// new connection's database, no longer in the one it started in
	connected bool
	// fileNames are the names of the databases' files and filegroups
	// (see nameTable)
	fileNames nameTable
	// recentDBs are databases known found by a name as written (ASCII,
	// the database's Name), by its length and first and last bytes: a
	// dense script names the same few databases statement after
	// statement, each looked up by its lowered name in a map of tens of
	// thousands (lowering, hashing and comparing it), about 340
	// instructions a statement. An entry holds while its database is
	// not gone; a switch of Databases (connect) empties them.
	recentDBs [64]struct {
		name string
		d    *Database
	}
	// trts are the last two TARGET_RECOVERY_TIMEs trtOf gave
	trts [2]*int64
	// modelNamed is set once a database keyed "model" is put in
	// Databases (see putDB): until then no CREATE DATABASE looks it up
	// (modelPrimarySize, modelLogSize) in a map of tens of thousands
	modelNamed bool
	// room for what the model keeps to the end of the run, one chunk at
	// a time (see newFile, newDatabase, ownLower): a dense run makes a
	// database or a backup set for most of its statements
	dbRoom     chunked[Database]
	setRoom    chunked[backupSet]
	layoutRoom chunked[layout]
	devRoom    chunked[device]
	textRoom   []byte
	// fileRoom is room for the lists of files of new databases (see
	// newFileSet)
	fileRoom []DBFile
}

// chunked hands out values of one type from chunks of modelChunk, which
// live as long as any value in them: for what the model keeps to the end
// of the run, an allocation each was most of the model's allocations.
type chunked[T any] struct{ cur []T }

// modelChunk is how many values a chunk of a chunked holds: few, for
// room handed out and not yet used, and values of the model dropped
// (backup sets of a device started anew), cost memory as long as a value
// of their chunk lives. Chunks of 32 peaked 0.4 MB higher for one 477 MB
// script at 5% of interest (125.3 MB); chunks of 8 as one by one.
const modelChunk = 8

// put returns a pointer to a copy of v in c's room.
func (c *chunked[T]) put(v T) *T {
	if len(c.cur) == cap(c.cur) {
		c.cur = make([]T, 0, modelChunk)
	}
	c.cur = append(c.cur, v)
	return &c.cur[len(c.cur)-1]
}

// newFileSet is fileSetFor(&m.fileNames, n), its list (of up to
// setListMax files) cut from m's room: a dense run creates tens of
// thousands of databases of two or three files, each list an allocation
// of its own. A list cut from the room has room for n files only, so
// that a file added past them moves it to a new array, never into the
// next list's room.
func (m *Model) newFileSet(n int) FileSet {
	if n == 0 || n > setListMax {
		return fileSetFor(&m.fileNames, n)
	}
	if cap(m.fileRoom)-len(m.fileRoom) < n {
		m.fileRoom = make([]DBFile, 0, fileRoomChunk)
	}
	at := len(m.fileRoom)
	m.fileRoom = m.fileRoom[:at+n]
	return FileSet{list: m.fileRoom[at : at : at+n], names: &m.fileNames}
}

// fileRoomChunk is how many files a chunk of Model.fileRoom holds (24
// bytes each, no pointer).
const fileRoomChunk = 256

// textChunk is the size of a chunk of Model.textRoom.
const textChunk = 2 << 10

// ownLower is ownWithLower(s), copied into m's room for the text the
// model keeps when s is ASCII and short.
func (m *Model) ownLower(s string) (k, v string) {
	if len(s) > textChunk/8 {
		return ownWithLower(s)
	}
	n := 2 * len(s) // s, then its lower case when it differs
	if cap(m.textRoom)-len(m.textRoom) < n {
		m.textRoom = make([]byte, 0, textChunk)
	}
	at := len(m.textRoom)
	room := append(m.textRoom, s...)
	ascii, upper := lowerASCII(room[at+len(s):at+n], s) // written in place, in the room
	if !ascii {
		return ownWithLower(s)
	}
	if !upper {
		n = len(s)
	}
	m.textRoom = room[:at+n]
	both := unsafe.String(unsafe.SliceData(m.textRoom[at:]), n) // the room is not written there again
	if !upper {
		return both, both
	}
	return both[:len(s)], both[len(s):]
}

// maxInterned bounds each intern table: past it the table starts over.
const maxInterned = 1 << 12

// lower is strings.ToLower(s), owned (not a slice of a script's text),
// without allocating for a name seen before: a dense script names the
// same databases and filegroups in statement after statement (file
// names, which rarely repeat, are lowered and copied as they come).
func (m *Model) lower(s string) string {
	if v, ok := m.lowered[s]; ok {
		return v
	}
	if m.lowered == nil {
		m.lowered = make(map[string]string)
	} else if len(m.lowered) >= maxInterned {
		clear(m.lowered) // keeps its room: no growing it again
	}
	k, v := m.ownLower(s)
	m.lowered[k] = v
	return v
}

// addFilegroup adds filegroup name to d's, lowered. It is looked up
// first by its lower case written on the stack: ADD FILE ... TO
// FILEGROUP [PRIMARY] names a filegroup the database has, and then costs
// one lookup rather than two (lower's and the set's). A name the set
// does not have is copied into the model's room as it is added: ADD
// FILEGROUP names a new one, and lower's table of names would be
// looked up and grown for it only to be cleared later.
func (m *Model) addFilegroup(d *Database, name string) {
	var buf [64]byte
	b, ok := lowerInto(buf[:], name)
	if !ok {
		d.Filegroups.Add(m.lower(name))
		return
	}
	if d.Filegroups.hasBytes(b) {
		return
	}
	d.Filegroups.Add(m.ownBytes(b))
}

// ownBytes is string(b), copied into m's room for the text the model
// keeps when short.
func (m *Model) ownBytes(b []byte) string {
	if len(b) > textChunk/8 {
		return string(b)
	}
	if cap(m.textRoom)-len(m.textRoom) < len(b) {
		m.textRoom = make([]byte, 0, textChunk)
	}
	at := len(m.textRoom)
	m.textRoom = append(m.textRoom, b...)
	return unsafe.String(unsafe.SliceData(m.textRoom[at:]), len(b)) // the room is not written there again
}

// intern is own(s) without allocating for a string seen before: the
// names of databases and filegroups repeat from statement to statement.
func (m *Model) intern(s string) string {
	if s == "" {
		return ""
	}
	if v, ok := m.names[s]; ok {
		return v
	}
	if m.names == nil {
		m.names = make(map[string]string)
	} else if len(m.names) >= maxInterned {
		clear(m.names)
	}
	v := own(s)
	m.names[v] = v
	return v
}

// ownWithLower returns own(s) and strings.ToLower(s), owned, in one
// allocation when s is ASCII (the lowered copy follows s in it, or is s
// itself when s has no upper case).
func ownWithLower(s string) (k, v string) {
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			k = strings.Clone(s)
			return k, strings.ToLower(k)
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if !upper {
		k = strings.Clone(s)
		return k, k
	}
	var b strings.Builder
	b.Grow(2 * len(s))
	b.WriteString(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	both := b.String()
	return both[:len(s)], both[len(s):]
}

// lowerInto writes strings.ToLower(s) into buf and returns it when s is
// ASCII and fits (ok), so that a map is looked up by it (m[string(b)])
// without allocating the lowered key.
func lowerInto(buf []byte, s string) (b []byte, ok bool) {
	if len(s) > len(buf) {
		return nil, false
	}
	if ascii, _ := lowerASCII(buf, s); !ascii {
		return nil, false
	}
	return buf[:len(s)], true
}

// keyIs reports whether n.Key() is key, without making n.Key().
func keyIs(n *parser.Name, key string) bool {
	if n.Unresolved {
		return unresolvedKey(n) == key
	}
	var buf [64]byte
	if b, ok := lowerInto(buf[:], n.Value); ok {
		return string(b) == key
	}
	return n.Key() == key
}

// fileNamed is d.Files.Get(strings.ToLower(name)).
func (d *Database) fileNamed(name string) (DBFile, bool) {
	var buf [64]byte
	if b, ok := lowerInto(buf[:], name); ok {
		return d.Files.getBytes(b)
	}
	return d.Files.Get(strings.ToLower(name))
}

// message is s, a finding's message, interned: a script's findings
// repeat a few dozen messages (39 for the 32,328 findings of a 500 MB
// script), and each formatted copy (200 bytes or so) lived until its
// findings were resolved and printed. A message the model has not seen
// is kept as it is, or copied when foreign (it may be a slice of a
// script's text).
func (m *Model) message(s string, foreign bool) string {
	if m == nil {
		return s
	}
	// the same string as a recent call's (a constant, or a message memo
	// gave): no hashing and comparing its couple of hundred bytes again
	c := &m.recentMsgs[(uintptr(unsafe.Pointer(unsafe.StringData(s)))>>3^uintptr(len(s)))%uintptr(len(m.recentMsgs))]
	if !foreign && unsafe.StringData(c.k) == unsafe.StringData(s) && len(c.k) == len(s) {
		return c.v
	}
	if v, ok := m.messages[s]; ok {
		if !foreign {
			c.k, c.v = s, v
		}
		return v
	}
	if m.messages == nil {
		m.messages = make(map[string]string)
	} else if len(m.messages) >= maxMessages {
		clear(m.messages)
	}
	if foreign {
		s = strings.Clone(s)
	}
	m.messages[s] = s
	if !foreign {
		c.k, c.v = s, s
	}
	return s
}

// msgKey is what a rule formats a message from (see memo): the rule,
// and two strings, a count, two numbers and flags, as the rule uses them.
type msgKey struct {
	rule  *Rule
	s, s2 string
	n     int64
	x, y  float64
	flags uint8
}

// memo returns the message format gives for k, formatting it only the
// first time: a dense script's thousands of findings of a rule repeat a
// few messages, each formatted from several numbers and words (a few
// hundred bytes of garbage) only to be interned (see message).
func (m *Model) memo(k msgKey, format func() string) string {
	h := k.hash()
	if m.memos == nil {
		m.memos = new([memoSlots]memoEntry)
	}
	e := &m.memos[h%memoSlots]
	if e.h == h && e.v != "" && e.k == k {
		return e.v
	}
	v := format()
	k.s, k.s2 = strings.Clone(k.s), strings.Clone(k.s2) // may be slices of a script's text
	// a key of the same slot as another is formatted again, in its place
	*e = memoEntry{k, v, h}
	return v
}

// memoEntry is a message memo keeps, the key it was formatted from and
// the key's hash.
type memoEntry struct {
	k msgKey
	v string
	h uint64
}

// memoSlots is how many messages memo keeps: a table of them by their
// key's hash, a slot's message replaced by the next key of its slot (a
// map of them cost a hash and a probe more for every finding).
const memoSlots = maxMessages

// hash is a hash of k for memo: a map keyed by the struct itself hashed
// it field by field through the runtime's generic hash (700 instructions
// a look-up, a dense run's most-reported messages looked up for every
// finding). Keys equal as msgKeys (0 and -0 among them) hash alike.
func (k *msgKey) hash() uint64 {
	const mul = 0x9e3779b97f4a7c15
	x, y := k.x, k.y
	if x == 0 {
		x = 0 // -0 as 0, which == takes it for
	}
	if y == 0 {
		y = 0
	}
	var h uint64 // the strings hashed only when there are some
	if k.s != "" {
		h = maphash.String(memoSeed, k.s)
	}
	if k.s2 != "" {
		h = (h ^ maphash.String(memoSeed, k.s2)) * mul
	}
	h = (h ^ uint64(uintptr(unsafe.Pointer(k.rule)))) * mul
	h = (h ^ uint64(k.n)) * mul
	h = (h ^ math.Float64bits(x)) * mul
	h = (h ^ math.Float64bits(y)) * mul
	h = (h ^ uint64(k.flags)) * mul
	return h ^ h>>31
}

var memoSeed = maphash.MakeSeed()

// maxMessages bounds the messages interned: past it the table starts
// over (messages that name databases or sizes rarely repeat).
const maxMessages = 1 << 10

// startKey is the key of the database a script starts in when no -d
// names it: $(SQLCMDDBNAME) as written in any case or quotes (sqlcmd
// gives it the value of -d), and CURRENT, or no name, before any USE or
// :connect. Without -d the two are one database: a script that runs at
// all was started with -d (sqlcmd then puts that name for
// $(SQLCMDDBNAME)), or its $(SQLCMDDBNAME) is empty and every
// statement that names it fails. startShown is how messages name it.
// No other key has upper-case letters or "$(" as unresolved ones do.
const (
	startKey   = "$(SQLCMDDBNAME)"
	startShown = "the database the script starts in (sqlcmd -d)"
)

// connectShown is how messages name the database CURRENT is after a
// :connect and before any USE: the new connection's, which the script
// does not name (messages said "for CURRENT").
const connectShown = "the database the :connect connects to"

// connectKey keys that database. Like startKey it has upper-case letters
// and "$(", which no name's key has: a database literally named
// [current] is another database (its key is "current").
const connectKey = "$(CURRENT)"

// isStartVar reports whether n is $(SQLCMDDBNAME) alone, not replaced
// (no -d): the database the script starts in.
func isStartVar(n *parser.Name) bool {
	return n.Unresolved && len(n.Value) == len(startKey) && strings.EqualFold(n.Value, startKey)
}

// unresolvedKey is the key of an unresolved name: its raw text, but for
// $(SQLCMDDBNAME) (startKey) and a name made with another sqlcmd
// variable, which is the same database in any quotes and any case
// ([$(DatabaseName)], $(DatabaseName), $(databasename): sqlcmd puts
// the same value for each, and names are keyed in lower case): its
// unquoted text in lower case. No resolved name's key holds "$(".
func unresolvedKey(n *parser.Name) string {
	switch {
	case isStartVar(n):
		return startKey
	case strings.Contains(n.Value, "$("):
		return strings.ToLower(n.Value)
	}
	return n.Raw
}

// databaseShown is "database NAME" as messages say it, or only the
// phrase that names the database a script starts in, or the one a
// :connect connects to.
func databaseShown(d *Database) string {
	if d.Name == startShown || d.Name == connectShown {
		return d.Name
	}
	return "database " + shown(d.Name)
}

// key is n.Key(), through lower.
func (m *Model) key(n *parser.Name) string {
	if n.Unresolved {
		return unresolvedKey(n)
	}
	return m.lower(n.Value)
}

// own is the package's own: a copy of s the model may keep.
func (m *Model) own(s string) string { return own(s) }

// Default sizes SQL Server gives a file created without SIZE: the model
// database's (8 MB since SQL Server 2016).
const defaultFileSize = 8 << 20

// BuildModel replays scripts in order. defaultDB is the database a script
// starts in (sqlcmd -d), "" when unknown.
func BuildModel(scripts []*parser.Result, defaultDB string, facts *ServerFacts) *Model {
	m := &Model{Scripts: scripts, Databases: map[string]*Database{}, facts: facts}
	n := 0
	for _, r := range scripts {
		n += len(r.Statements)
	}
	m.Effects = make([]Effect, 0, n)
	for si, r := range scripts {
		m.replay(si, r, defaultDB)
	}
	return m
}

// replay appends the effects of script si to m.Effects, updating the
// databases it touches.
func (m *Model) replay(si int, r *parser.Result, defaultDB string) {
	ctx := m.lower(defaultDB)
	m.startName = defaultDB
	m.connected = false
	first := len(m.Effects)
	var conns []int // :connect: the database of the new connection is unknown
	if r.Script != nil {
		conns = r.Script.Connects
	}
	if si == 0 {
		m.dyns = m.dyns[:0] // a new run of scripts (Engine.Check: a new file)
	}
	var dyn dynContexts
	// A huge script's parsed statements die as they are replayed (slim)
	// while its effects and model grow: collected at even intervals, those
	// replayed are room for the next, not part of the heap's peak (10 MB
	// is allocated in each quarter of a 477 MB script at 5% of interest,
	// where the replay starts from a live heap of 107 MB). Halfway for
	// fewer than 2 × 65,536 statements, at each third for fewer than
	// 3 × 65,536, else at each quarter: a collection costs what the
	// heap holds, and a smaller script's heap is far from its peak.
	next, step, cycles := -1, 0, uint64(0)
	if m.slimming && len(r.Statements) >= collectAfter {
		k := min(max(len(r.Statements)/(2*collectAfter), 1), replayCollections)
		step = len(r.Statements)/(k+1) + 1
		next, cycles = step, gcCycles()
	}
	m.copying = m.slimming && len(r.Statements) >= copyAfter
	m.branch = nil
	if len(r.Branches) > 0 { // (most scripts: none)
		m.branch = newBranches(r)
	}
	for i, st := range r.Statements {
		if i == next {
			if gcCycles() == cycles {
				collect() // unless one ran since the last
			}
			next, cycles = next+step, gcCycles()
		}
		if m.branch != nil {
			m.branchStep(st, &ctx) // (before a :connect: an IF ends with its batch)
		}
		if len(conns) > 0 && st.Batch.Index >= conns[0] {
			for len(conns) > 0 && st.Batch.Index >= conns[0] {
				conns = conns[1:]
			}
			ctx = ""
			m.connected = true
			m.connect(r.Script, len(r.Script.Connects)-len(conns)-1)
		}
		dyn.enter(m, dynOf(st), &ctx)
		// applied where it is kept: an Effect is not copied again (Next
		// is the one appended after it; the last's is set to -1 below)
		m.Effects = append(m.Effects, Effect{Stmt: st, Script: int32(si), Context: ctx, Next: int32(len(m.Effects) + 1)})
		m.apply(&m.Effects[len(m.Effects)-1], &ctx)
		if m.slimming {
			m.slim(&m.Effects[len(m.Effects)-1])
		}
	}
	if m.branch != nil {
		m.endBranches(&ctx)
	}
	if len(m.Effects) > first {
		m.Effects[len(m.Effects)-1].Next = -1 // a script's last
	}
	m.connectHome()
}

// slim lets go of the parsed form of the statement e replayed when no
// rule of a static run reads it again: the model holds what it did. A
// huge script's CREATE DATABASE and ALTER DATABASE ... FILE statements
// (300 to 600 bytes each with their files and sizes, 60,000 of them in
// 500 MB at 5% of interest) then do not all live while its rules run.
// What the rules still read stays: an ALTER DATABASE that acts on
// tempdb (SL208), a statement whose database is not known (dbName reads
// its name), the TARGET_RECOVERY_TIME = 0 SL301 reports (a copy of the
// option alone: 14,600 ALTER DATABASE ... SET TARGET_RECOVERY_TIME of
// 500 bytes each in 500 MB at 5% of interest), and the clause a finding
// about its allocations or growths points at (clauseSpan and
// logClauseSpan, which rules call only for effects that have them).
// A BACKUP is kept as the little SL303 reads (19,000 of 450 bytes in
// 500 MB at 5%) unless SL304 reads the whole of it. Those copies (and
// that of TARGET_RECOVERY_TIME) are made only in a script of copyAfter
// statements or more: a smaller one's statements die with it, and the
// copies would only be more allocations (81,000 in 500 dense files).
// The SET TARGET_RECOVERY_TIME of a smaller script stays whole.
// A DROP DATABASE keeps nothing: the model has forgotten the database.
// The live rules, which read more, never run on a slimmed model.
func (m *Model) slim(e *Effect) {
	if _, ok := e.Stmt.Node.(*parser.DropDatabase); ok {
		// replayed, a DROP DATABASE is read again by no static rule (its
		// Kind stays): 112 bytes a statement with its name, 28 MB of a
		// 13 MB script of 250,000 CREATE and DROP DATABASE
		e.Stmt.Node = nil
		return
	}
	if e.DB == nil || isTempdb(e) {
		return
	}
	switch n := e.Stmt.Node.(type) {
	case *parser.AlterDatabase:
		d := n.TargetRecovery
		if d != nil && !m.copying {
			return
		}
		if d != nil && trtZero(d) {
			c := *d // not d: it would keep the whole parsed statement
			m.extraIn(e).trt = &c
		}
		if e.more != nil && n.ActionSpan.Start.IsValid() {
			e.more.clause, e.more.clauseKind = n.ActionSpan, clauseAction
		}
	case *parser.CreateDatabase:
		if e.more != nil && n.LogSpan.Start.IsValid() {
			e.more.clause, e.more.clauseKind = n.LogSpan, clauseLog
		}
	case *parser.Use:
	case *parser.Backup:
		if m.copying && !everyCopyToNul(n.Targets) && !anyNulExtension(n.Targets) {
			// SL303 reads only which database it backs up, and whether
			// its log; SL304 its devices and options, when all go to NUL
			e.Stmt.Node = &parser.Backup{Log: n.Log, Database: n.Database}
		}
		return
	default:
		return
	}
	e.Stmt.Node = nil
}

// database returns the model of the database named n, creating it.
func (m *Model) database(n *parser.Name, ctx string, current bool) *Database {
	return m.lookup(n, ctx, current, true)
}

func (m *Model) lookup(n *parser.Name, ctx string, current, seed bool) *Database {
	var key, display string
	switch {
	case current && ctx == "" && !m.connected:
		// no -d and no USE before: the database the script starts in,
		// which $(SQLCMDDBNAME) names too
		key, display = startKey, startShown
	case current && ctx == "":
		key, display = connectKey, connectShown
	case current:
		key, display = ctx, ctx
		if d := m.Databases[ctx]; d != nil {
			display = d.Name
		} else if m.startName != "" && m.lower(m.startName) == ctx {
			display = m.startName // as -d gives it, not its lowered key
		}
	default:
		if d, _ := m.known(n); d != nil {
			if m.branch != nil {
				m.touch(d.Key)
			}
			return d
		}
		key, display = m.key(n), n.Value
		switch {
		case key == startKey:
			display = startShown
		case n.Unresolved:
			key = m.intern(key) // a slice of the script's text
		}
	}
	// key is owned: interned, lowered (see lower) or the context's
	if m.branch != nil {
		m.touch(key)
	}
	d := m.Databases[key]
	if d == nil {
		d = m.dbRoom.put(Database{Key: key, Name: m.intern(display), Files: FileSet{names: &m.fileNames}, Filegroups: withPrimary()})
		m.putDB(d)
		if seed {
			m.seedFromServer(d)
		}
	}
	return d
}

// seedFromServer fills a database the scripts did not create with the
// files it has on the server.
func (m *Model) seedFromServer(d *Database) {
	if m.facts == nil || !m.home() {
		return
	}
	sd := m.facts.Databases[d.Key]
	if sd == nil || !sd.Exists {
		return
	}
	if sd.Encrypted != nil {
		d.TDE = *sd.Encrypted
	}
	if len(sd.Files) == 0 {
		// every database has files: none is a login that may not read
		// them (sys.master_files), and the database stays as little
		// known as without the server
		return
	}
	d.FromServer = true
	for _, f := range sd.Files {
		d.Files.Set(DBFile{name: m.fileNames.add(f.Name), Log: f.Log, Size: f.Size, filegroup: m.fileNames.intern(f.Filegroup)})
		if f.Filegroup != "" {
			d.Filegroups.Add(m.lower(f.Filegroup))
		}
	}
	for i := d.Filegroups.Len(); i < sd.Filegroups; i++ {
		d.Filegroups.Add("#server" + itoa(i))
	}
}

func itoa(i int) string { return formatNumber(float64(i)) }

// resetName forgets the database named n (m.key(n)).
func (m *Model) resetName(n *parser.Name) {
	d, ok := m.known(n)
	switch {
	case d != nil:
		if m.branch != nil {
			m.touch(d.Key)
		}
		m.dropDB(d) // the key it is held under
	case !ok:
		key := m.key(n)
		if m.branch != nil {
			m.touch(key)
		}
		m.dropKey(key)
	}
}

// created is a new, empty database named n in place of any of that name
// (resetName, then lookup without seeding): one lookup by name rather
// than three, and for an ASCII name its key and name copied together
// (a dense run creates tens of thousands of databases). files is room
// for the files it will have.
func (m *Model) created(n *parser.Name, files int) *Database {
	d, ok := m.known(n)
	if d != nil {
		if m.branch != nil {
			m.touch(d.Key)
		}
		m.dropDB(d) // the key it is held under
	}
	var key, name string
	switch {
	case isStartVar(n):
		// CREATE DATABASE [$(SQLCMDDBNAME)]: its files are named after it
		key, name = startKey, m.intern(n.Value)
	case n.Unresolved:
		key, name = m.intern(unresolvedKey(n)), m.intern(n.Value) // slices of the script's text
	case ok:
		// ASCII (known lowered it), not held: its key is not there
		name, key = m.ownLower(n.Value)
	default:
		key, name = m.key(n), m.intern(n.Value)
		m.dropKey(key)
	}
	if m.branch != nil {
		m.touch(key)
	}
	d = m.dbRoom.put(Database{Key: key, Name: name, Files: m.newFileSet(files), Filegroups: withPrimary()})
	m.putDB(d)
	return d
}

// trtOf is a pointer to s for Database.TRT, shared: no database's TRT
// is written through (a change gives it another), and a dense script
// sets one of a few recovery times on every other statement (an 8-byte
// allocation each).
func (m *Model) trtOf(s int64) *int64 {
	for _, p := range m.trts {
		if p != nil && *p == s {
			return p
		}
	}
	p := new(int64) // not &s: s would be moved to the heap on every call
	*p = s
	m.trts[0], m.trts[1] = p, m.trts[0]
	return p
}

// putDB puts d in Databases under its key.
func (m *Model) putDB(d *Database) {
	if d.Key == "model" {
		m.modelNamed = true
	}
	m.Databases[d.Key] = d
}

// dropDB takes d out of Databases.
func (m *Model) dropDB(d *Database) {
	d.gone = true
	delete(m.Databases, d.Key)
}

// dropKey takes the database of key, if any, out of Databases.
func (m *Model) dropKey(key string) {
	if d := m.Databases[key]; d != nil {
		m.dropDB(d)
	}
}

// recentDB is the entry of recentDBs for name (not "").
func (m *Model) recentDB(name string) *struct {
	name string
	d    *Database
} {
	h := uint(len(name))*31 + uint(name[0])*7 + uint(name[len(name)-1])
	return &m.recentDBs[h%uint(len(m.recentDBs))]
}

// forgetRecentDBs empties recentDBs (Databases is another map).
func (m *Model) forgetRecentDBs() { clear(m.recentDBs[:]) }

// known is m.Databases[m.key(n)], looked up without making the key (ok)
// when n is ASCII, else nil and not ok.
func (m *Model) known(n *parser.Name) (d *Database, ok bool) {
	if n.Unresolved {
		return m.Databases[unresolvedKey(n)], true
	}
	if n.Value == "" {
		return m.Databases[""], true
	}
	r := m.recentDB(n.Value)
	if r.d != nil && !r.d.gone && r.name == n.Value {
		return r.d, true // an ASCII name, the key it is held under lowered
	}
	var buf [64]byte
	if b, ok := lowerInto(buf[:], n.Value); ok {
		d = m.Databases[string(b)]
		if d != nil && d.Name == n.Value {
			r.name, r.d = d.Name, d
		}
		return d, true
	}
	return nil, false
}

func (m *Model) apply(e *Effect, ctx *string) {
	switch n := e.Stmt.Node.(type) {
	case *parser.Use:
		e.DB = m.database(&n.Database, "", false)
		*ctx = e.DB.Key // m.key(&n.Database), the key it is held under
	case *parser.DropDatabase:
		for i := range n.Databases {
			m.resetName(&n.Databases[i])
		}
	case *parser.CreateDatabase:
		if refusedCreate(n) {
			break
		}
		d := m.created(&n.Database, len(n.Files))
		d.Created = true
		m.create(e, d, n)
	case *parser.AlterDatabase:
		d := m.database(&n.Database, *ctx, n.Current)
		e.DB = d
		m.alter(e, d, n)
		if n.Action == parser.ActionModifyName && n.NewName != "" {
			// the database goes on as a copy under its new name: the
			// effects of the statements before keep the name they used
			// (their messages name it), and it is reported once still
			// (the copy shares what has been reported)
			if d.reported == nil {
				d.reported = new(onceRules)
			}
			c := *d
			m.dropDB(d)
			c.Key, c.Name = m.lower(n.NewName), m.own(n.NewName)
			if m.branch != nil {
				m.touch(c.Key)
			}
			if old := m.Databases[c.Key]; old != nil {
				old.gone = true // replaced
			}
			m.putDB(&c)
		}
	case *parser.Checkpoint:
		if *ctx != "" {
			e.DB = m.Databases[*ctx]
		}
	case *parser.Backup:
		m.markNulDevices(n)
		e.DB = m.database(&n.Database, *ctx, false)
		if !n.Log {
			m.backup(e, n)
		}
	case *parser.Restore:
		if n.Only == "" { // the read-only forms name no database
			e.DB = m.database(&n.Database, *ctx, false)
			m.restore(e, n)
		}
	case nil:
		if isShrink(e.Stmt) {
			m.shrink(e, *ctx) // shrink.go
		}
	case *parser.BuiltRun, *parser.NulBackup:
		m.builtFiles(e, *ctx) // dynrun.go
	case *parser.DumpDevice:
		m.dumpDevice(e, n)
	}
	if e.DB != nil {
		e.Files, e.Filegroups = count32(e.DB.FileCount()), count32(e.DB.FilegroupCount())
		if e.more != nil {
			e.more.tde = e.DB.TDE // as it is now, not when the rules run
		}
	}
}

// addFile adds a file of ADD FILE or CREATE DATABASE to d. A file whose
// logical name the database already has is not added:
// SQL Server refuses the statement (error 1828, the logical file name is
// already in use), and idempotent scripts guard it with IF NOT EXISTS, so
// re-stating a file never grows the count. It reports whether f was added.
// A file without SIZE gets SQL Server's default; one whose SIZE the model
// cannot read (a variable) has an unknown size (0), so that a later
// MODIFY FILE allocates up to its new size.
func (m *Model) addFile(d *Database, f parser.FileSpec) bool {
	size := int64(defaultFileSize)
	switch {
	case f.Size != nil && f.Size.Unknown:
		size = 0
	case f.Size != nil && f.Size.Bytes > 0:
		size = f.Size.Bytes
	}
	if f.Name == "" {
		d.Unnamed++
		return true
	}
	// fileNamed(f.Name), the name lowered once for the lookup and the
	// table of names
	var buf [64]byte
	var lower []byte // nil when not ASCII or too long: lowered by each
	upper := false
	if len(f.Name) <= len(buf) {
		var ascii bool
		if ascii, upper = lowerASCII(buf[:], f.Name); ascii {
			lower = buf[:len(f.Name)]
		}
	}
	if lower != nil {
		if _, dup := d.Files.getBytes(lower); dup {
			return false
		}
	} else if _, dup := d.Files.Get(strings.ToLower(f.Name)); dup {
		return false
	}
	// file names rarely repeat: not interned
	d.Files.add(DBFile{name: m.fileNames.addLower(f.Name, lower, upper), Log: f.Log, MaxMB: maxSizeMB(f.MaxSize), GrowPct: growPct(f.Growth), Size: size, filegroup: m.fileNames.intern(f.Filegroup)})
	return true
}

// specSize is the size a new file gets: its SIZE, else the default.
func specSize(f parser.FileSpec) int64 {
	if b := explicitBytes(f); b > 0 {
		return b
	}
	return defaultFileSize
}

// atMaxSize reports whether file spec f gives a MAXSIZE no larger than
// the file's known size (size, 0 when unknown): such a file never grows,
// whatever its FILEGROWTH says (SL203 and SL209 have nothing to report).
func atMaxSize(f parser.FileSpec, size int64) bool {
	m := f.MaxSize
	return size > 0 && m != nil && !m.Unknown && !m.Unlimited && m.Percent == 0 && m.Bytes > 0 && m.Bytes <= size
}

// maxRoom is what file spec f's MAXSIZE leaves above the file's known
// size (size, 0 when unknown), in whole MB (Growth.RoomMB): SQL Server
// grows a file no further than its MAXSIZE, so a FILEGROWTH larger than
// that room never zero-fills more than the room. 0 when not known, or
// under 1 MB.
func maxRoom(f parser.FileSpec, size int64) int32 {
	m := f.MaxSize
	if size <= 0 || m == nil || m.Unknown || m.Unlimited || m.Percent != 0 || m.Bytes <= size {
		return 0
	}
	return int32(min((m.Bytes-size)>>20, math.MaxInt32))
}

// maxSizeMB is MAXSIZE m in whole MB for DBFile.MaxMB: 0 when absent,
// UNLIMITED, unreadable or under 1 MB.
func maxSizeMB(m *parser.Size) int32 {
	if m == nil || m.Unknown || m.Unlimited || m.Percent != 0 || m.Bytes <= 0 {
		return 0
	}
	return int32(min(m.Bytes>>20, math.MaxInt32))
}

// fileMaxSize is f with the MAXSIZE an earlier statement gave file df
// when f gives none: MODIFY FILE changes only what it names, so that
// MAXSIZE still caps the growth f sets.
func fileMaxSize(f parser.FileSpec, df DBFile) parser.FileSpec {
	if f.MaxSize == nil && df.MaxMB > 0 {
		f.MaxSize = &parser.Size{Bytes: int64(df.MaxMB) << 20}
	}
	return f
}

// refusedSpec reports whether SQL Server refuses file spec f for its
// MAXSIZE: a SIZE over it (error 5103, "MAXSIZE cannot be less than
// SIZE", for a new file; 5040, "Size is greater than MAXSIZE", for MODIFY
// FILE) or a fixed FILEGROWTH over it (error 5169, "FILEGROWTH cannot be
// greater than MAXSIZE"). The MAXSIZE is f's own, else the one an earlier
// statement gave the file (maxMB, in whole MB, 0 when none: MODIFY FILE).
// A refused statement allocates nothing and changes nothing.
func refusedSpec(f parser.FileSpec, maxMB int32) bool {
	var limit int64
	switch m := f.MaxSize; {
	case m != nil && (m.Unknown || m.Unlimited || m.Percent != 0 || m.Bytes <= 0):
		return false
	case m != nil:
		limit = m.Bytes
	case maxMB > 0:
		limit = int64(maxMB)<<20 + 1<<20 - 1 // maxMB is rounded down
	default:
		return false
	}
	if explicitBytes(f) > limit {
		return true
	}
	g := f.Growth
	return g != nil && !g.Unknown && g.Percent == 0 && g.Bytes > limit
}

// refusedCreate reports whether SQL Server refuses CREATE DATABASE n for
// a file's MAXSIZE (refusedSpec): the database is then not created.
func refusedCreate(n *parser.CreateDatabase) bool {
	if n.Attach != "" || n.SnapshotOf != "" || n.CopyOf != "" {
		return false // the files exist already, or are sparse
	}
	return slices.ContainsFunc(n.Files, func(f parser.FileSpec) bool { return refusedSpec(f, 0) })
}

func explicitBytes(f parser.FileSpec) int64 {
	if f.Size != nil && !f.Size.Unknown {
		return f.Size.Bytes
	}
	return 0
}

func (m *Model) create(e *Effect, d *Database, n *parser.CreateDatabase) {
	e.DB = d
	for _, fg := range n.Filegroups {
		d.Filegroups.Add(m.lower(fg.Name))
		if fg.Contains != "" {
			m.setContainer(d, fg.Name, true)
		}
	}
	// Attaching and snapshots create no zero-filled space: the files
	// exist already, or are sparse.
	allocates := n.Attach == "" && n.SnapshotOf == "" && n.CopyOf == ""
	// the primary file (the first data file listed, or the one SQL Server
	// creates when none is) takes the model database's primary size when
	// it has no SIZE of its own
	modelSize := int64(0)
	if allocates {
		modelSize = m.modelPrimarySize()
	}
	if modelSize > 0 && !slices.ContainsFunc(n.Files, func(f parser.FileSpec) bool { return !f.Log }) {
		m.addAlloc(e, Alloc{File: d.Name, Bytes: modelSize})
	}
	logs := 0
	primary := true
	for _, f := range n.Files {
		if primary && !f.Log && modelSize > 0 && f.Size == nil {
			f.Size = &parser.Size{Bytes: modelSize}
		}
		primary = primary && f.Log
		m.addFile(d, f)
		if f.Log {
			logs++
		}
		if allocates && !m.isContainer(d, f.Filegroup) {
			if b := explicitBytes(f); b > 0 {
				m.addAlloc(e, Alloc{File: f.Name, Log: f.Log, Bytes: b})
			}
			if f.Growth != nil && !atMaxSize(f, explicitBytes(f)) {
				m.addGrowth(e, Growth{File: f.Name, Log: f.Log, Size: *f.Growth, FileSize: specSize(f), RoomMB: maxRoom(f, explicitBytes(f))})
			}
		}
	}
	switch {
	case allocates && logs == 0:
		// no LOG ON: SQL Server creates the log (and, with no file list,
		// the primary file), named after the database, at sizes the model
		// knows (see implicitLog)
		if len(n.Files) == 0 {
			m.addFile(d, parser.FileSpec{Name: d.Name, Size: &parser.Size{Bytes: max(modelSize, defaultFileSize)}})
		}
		if size := m.implicitLog(n, modelSize); size > 0 {
			m.addFile(d, parser.FileSpec{Name: d.Name + "_log", Log: true, Size: &parser.Size{Bytes: size}})
		} else {
			d.Unnamed++
		}
	case n.CopyOf != "" || (len(n.Files) == 0 && n.SnapshotOf == ""):
		// no file list: one data file and one log file, as the model database
		d.Unnamed += 2 - len(n.Files)
	case logs == 0 && n.SnapshotOf == "":
		d.Unnamed++ // the log file SQL Server finds (or rebuilds) for ATTACH
	}
}

// implicitLog is the size of the log file CREATE DATABASE creates when it
// has no LOG ON, 0 when a data file's size is unknown. CREATE DATABASE's
// documentation: "If LOG ON isn't specified, one log file is
// automatically created, which has a size that is 25 percent of the sum
// of the sizes for all the data files for the database, or 512 KB,
// whichever is larger"; the server takes the model database's log size
// (8 MB since SQL Server 2016, or what a script set) as the least, as it
// does for CREATE DATABASE alone (8 MB of data, 8 MB of log). FILESTREAM
// and memory-optimized containers hold no pages and do not count.
// modelSize is the size the primary file takes from model (0: default).
func (m *Model) implicitLog(n *parser.CreateDatabase, modelSize int64) int64 {
	// the FILESTREAM and memory-optimized filegroups, by fold key: a
	// loop over the filegroups for each file took 28 s for one CREATE
	// DATABASE of 100,000 filegroups of a file each (6.4 MB)
	var containers map[string]bool
	for _, g := range n.Filegroups {
		if g.Contains != "" {
			if containers == nil {
				containers = make(map[string]bool)
			}
			containers[parser.FoldKey(g.Name)] = true
		}
	}
	container := func(fg string) bool {
		return containers != nil && containers[parser.FoldKey(fg)]
	}
	data := max(modelSize, defaultFileSize) // no data file listed: the primary
	for i, f := range n.Files {
		if i == 0 {
			data = 0
		}
		switch {
		case f.Log || container(f.Filegroup):
		case f.Size != nil && f.Size.Unknown:
			return 0
		case f.Size == nil && i == 0 && modelSize > 0:
			data += modelSize // the primary file, at model's size
		default:
			data += specSize(f)
		}
	}
	return max(data/4, 512<<10, m.modelLogSize())
}

// modelLogSize is the size a script gave the model database's log file
// (modellog), else SQL Server's default since SQL Server 2016, 8 MB.
func (m *Model) modelLogSize() int64 {
	if !m.modelNamed {
		return defaultFileSize
	}
	if d := m.Databases["model"]; d != nil && !d.FromServer {
		if f, ok := d.fileNamed("modellog"); ok && f.Log && f.Size > 0 {
			return f.Size
		}
	}
	return defaultFileSize
}

// modelPrimarySize is the size a script gave the model database's
// primary file (modeldev), or 0 when no scanned script set it.
func (m *Model) modelPrimarySize() int64 {
	if !m.modelNamed {
		return 0
	}
	d := m.Databases["model"]
	if d == nil || d.FromServer {
		return 0
	}
	if f, ok := d.fileNamed("modeldev"); ok && !f.Log {
		return f.Size
	}
	return 0
}

// isASCII reports whether s is all ASCII: strings.ToLower then lowers
// A-Z alone, byte for byte.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hasSuffixFold is strings.HasSuffix(strings.ToLower(s), suffix) for s
// ASCII and suffix ASCII lower case.
func hasSuffixFold(s, suffix string) bool {
	if len(s) < len(suffix) {
		return false
	}
	s = s[len(s)-len(suffix):]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != suffix[i] {
			return false
		}
	}
	return true
}

// isLogName guesses whether an unknown file is a log file from its names:
// a physical name ending in .ldf is a log file and one ending in .mdf or
// .ndf a data file; else a logical name ending in "log" (Sales_log,
// templog, MSDBLog) is taken for a log file, and so is one whose
// physical or logical name ends in a sqlcmd variable that no value
// replaced and whose name has the word Log or Ldf ($(LogFileName),
// $(SALES_LOG), not $(LogicalName)): all that is known of it.
func isLogName(f parser.FileSpec) bool {
	if isASCII(f.Name) && isASCII(f.FileName) {
		if hasSuffixFold(f.FileName, ".mdf") || hasSuffixFold(f.FileName, ".ndf") {
			return false
		}
		return hasSuffixFold(f.FileName, ".ldf") || hasSuffixFold(f.Name, "log") || logVariable(f.Name) || logVariable(f.FileName)
	}
	name, file := strings.ToLower(f.Name), strings.ToLower(f.FileName)
	if strings.HasSuffix(file, ".mdf") || strings.HasSuffix(file, ".ndf") {
		return false
	}
	return strings.HasSuffix(file, ".ldf") || strings.HasSuffix(name, "log") || logVariable(f.Name) || logVariable(f.FileName)
}

// logVariable reports whether s ends in a sqlcmd variable, $(name), whose
// name has a word Log or Ldf in any case: words are split at _, -, digits
// and where case changes (LogName, DBLogName, Sales_LOG, log2; not
// LogicalName, Catalog or LOGNAME).
func logVariable(s string) bool {
	if !strings.HasSuffix(s, ")") {
		return false
	}
	i := strings.LastIndex(s, "$(")
	if i < 0 {
		return false
	}
	name := s[i+2 : len(s)-1]
	start := 0
	for j := 0; j <= len(name); j++ {
		if j < len(name) && !wordBreak(name, j) {
			continue
		}
		w := name[start:j]
		if strings.EqualFold(w, "log") || strings.EqualFold(w, "ldf") {
			return true
		}
		start = j
		if j < len(name) && !isLetter(name[j]) {
			start = j + 1
		}
	}
	return false
}

// wordBreak reports whether a word of a variable's name ends before
// name[j]: at a character that is not an ASCII letter, at an upper-case
// letter after a lower-case one (LogName), and at the last upper-case
// letter of a run followed by a lower-case one (DBLogName).
func wordBreak(name string, j int) bool {
	c := name[j]
	if !isLetter(c) {
		return true
	}
	if j == 0 || !isUpper(c) {
		return false
	}
	p := name[j-1]
	return isLetter(p) && !isUpper(p) || isUpper(p) && j+1 < len(name) && isLetter(name[j+1]) && !isUpper(name[j+1])
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isUpper(c byte) bool  { return 'A' <= c && c <= 'Z' }

// isLogFileOf is isLogName for an unknown file of database d, except
// that a file whose logical name is the database's name is its primary
// data file, the name SQL Server gives it (CREATE DATABASE AuditLog
// creates the data file AuditLog and the log file AuditLog_log), unless
// its physical name ends in .ldf.
func isLogFileOf(d *Database, f parser.FileSpec) bool {
	if strings.EqualFold(f.Name, d.Name) && !strings.HasSuffix(strings.ToLower(f.FileName), ".ldf") {
		return false
	}
	return isLogName(f)
}

func (m *Model) alter(e *Effect, d *Database, n *parser.AlterDatabase) {
	switch n.Action {
	case parser.ActionAddFile, parser.ActionAddLogFile:
		if slices.ContainsFunc(n.Files, func(f parser.FileSpec) bool { return refusedSpec(f, 0) }) {
			return // refused: no file is added
		}
		for _, f := range n.Files {
			if f.Filegroup != "" {
				m.addFilegroup(d, f.Filegroup)
			}
			if !m.addFile(d, f) || m.isContainer(d, f.Filegroup) {
				continue // the file exists, or is a container: nothing is allocated
			}
			if b := explicitBytes(f); b > 0 {
				m.addAlloc(e, Alloc{File: f.Name, Log: f.Log, Bytes: b})
			}
			if f.Growth != nil && !atMaxSize(f, explicitBytes(f)) {
				m.addGrowth(e, Growth{File: f.Name, Log: f.Log, Size: *f.Growth, FileSize: specSize(f), RoomMB: maxRoom(f, explicitBytes(f))})
			}
		}
	case parser.ActionRemoveFile:
		key := strings.ToLower(n.FileName)
		if _, ok := d.Files.Get(key); ok {
			d.Files.Delete(key)
		} else if d.Unnamed > 0 {
			d.Unnamed--
		}
	case parser.ActionAddFilegroup:
		m.addFilegroup(d, n.Filegroup.Name)
		if n.Filegroup.Contains != "" {
			m.setContainer(d, n.Filegroup.Name, true)
		}
	case parser.ActionRemoveFilegroup:
		// SQL Server refuses to remove a filegroup that still has files
		// (error 5042): the count is lowered only for an empty one (looked
		// for in databases of up to maxFilegroupScan files, so that
		// removing thousands of filegroups costs no quadratic time)
		for _, f := range d.Files.All() {
			if d.Files.Len() > maxFilegroupScan {
				break
			}
			if !f.Log && strings.EqualFold(d.Files.Filegroup(f), n.Filegroup.Name) {
				return
			}
		}
		d.Filegroups.Delete(m.lower(n.Filegroup.Name))
		m.setContainer(d, n.Filegroup.Name, false)
	case parser.ActionModifyFile:
		for _, f := range n.Files {
			m.modifyFile(e, d, f)
		}
	case parser.ActionModifyFilegroup:
		if v, ok := optValue(n.Options, "NAME"); ok && n.Filegroup != nil {
			m.renameFilegroup(d, n.Filegroup.Name, v)
		}
	case parser.ActionSet:
		if n.TargetRecovery != nil && n.TargetRecovery.Known {
			d.TRT = m.trtOf(n.TargetRecovery.Seconds)
		}
		switch n.Encryption {
		case "ON":
			d.TDE = true
		case "OFF":
			d.TDE = false
		}
	}
}

// renameFilegroup applies MODIFY FILEGROUP name NAME = newName (written
// as an identifier or a string): the filegroup and its files take the new
// name, so that a later REMOVE FILEGROUP or RESTORE ... FILEGROUP = of it
// finds them. The primary filegroup cannot be renamed.
func (m *Model) renameFilegroup(d *Database, name, newName string) {
	newName = strings.TrimSpace(newName)
	if strings.HasPrefix(newName, "'") || strings.HasPrefix(newName, "N'") {
		newName = parser.StringValue(newName)
	} else {
		newName = parser.Unquote(newName)
	}
	old, nw := m.lower(name), m.lower(newName)
	if nw == "" || old == nw || old == "primary" || !d.Filegroups.Has(old) {
		return
	}
	d.Filegroups.Delete(old)
	d.Filegroups.Add(nw)
	if m.isContainer(d, name) {
		m.setContainer(d, name, false)
		m.setContainer(d, newName, true)
	}
	var files []DBFile
	for _, f := range d.Files.All() {
		if !f.Log && strings.EqualFold(d.Files.Filegroup(f), name) {
			files = append(files, f)
		}
	}
	fg := m.fileNames.intern(newName)
	for _, f := range files {
		f.filegroup = fg
		d.Files.Set(f)
	}
}

// maxFilegroupScan bounds the files REMOVE FILEGROUP looks through.
const maxFilegroupScan = 4096

// modifyFile applies one file of ALTER DATABASE ... MODIFY FILE. A SIZE
// allocates the growth over the size known before; when no size was known
// the new size is an upper bound of the allocation (Alloc.UpTo). Either
// way the size is known afterwards: a file the model did not know gets an
// entry (taking the place of one of the database's unnamed files, if any,
// so the file count does not change), and the next MODIFY FILE of it
// allocates only its growth. So does a percent FILEGROWTH (the file's
// size unknown): a later SIZE estimates that growth again at the size it
// gives (SL209). A SIZE the model cannot read (a sqlcmd
// variable) makes the size unknown again. A smaller SIZE allocates
// nothing and leaves the size as it was (SQL Server refuses to shrink a
// file with MODIFY FILE).
//
// A file is changed as a copy, set back into d's files once changed:
// backup snapshots hold copies of the files as they were (see
// copyLayout), which no statement after changes.
func (m *Model) modifyFile(e *Effect, d *Database, f parser.FileSpec) {
	df, have := d.fileNamed(f.Name)
	if refusedSpec(f, df.MaxMB) {
		return // SQL Server refuses it (see refusedSpec)
	}
	existed := have  // d holds a file under f.Name's key
	changed := false // df is to be set back into d's files
	// a database whose every file the model knows has no file of another
	// name: SQL Server refuses the statement (error 5041, the file does
	// not exist), and it adds no file to the count (the allocation is
	// still reported, as an upper bound: the scripts may have changed the
	// files in a way the model does not see)
	complete := (d.Created || d.FromServer) && d.Unnamed == 0
	switch {
	case !have && !complete && f.Name != "" && (f.Size != nil && !f.Size.Unknown && f.Size.Bytes > 0 || growPct(f.Growth) > 0):
		df, have, changed = DBFile{name: m.fileNames.add(f.Name), Log: isLogFileOf(d, f)}, true, true
		if d.Unnamed > 0 {
			d.Unnamed--
		}
	case have && (f.NewName != "" || f.Size != nil && (f.Size.Unknown && df.Size != 0 || !f.Size.Unknown && f.Size.Bytes > df.Size) ||
		f.MaxSize != nil && maxSizeMB(f.MaxSize) != df.MaxMB || f.Growth != nil && growPct(f.Growth) != df.GrowPct):
		changed = true
	}
	log := isLogFileOf(d, f)
	if have {
		log = df.Log
	}
	// a FILESTREAM or memory-optimized container: nothing is zero-filled
	container := have && !log && m.isContainer(d, d.Files.Filegroup(df))
	switch {
	case f.Size == nil:
	case f.Size.Unknown:
		df.Size = 0
	case f.Size.Bytes > 0:
		grow, upTo := f.Size.Bytes, true
		if df.Size > 0 {
			grow, upTo = f.Size.Bytes-df.Size, df.AtLeast
		}
		if grow > 0 && !container {
			m.addAlloc(e, Alloc{File: f.Name, Log: log, Bytes: grow, UpTo: upTo})
		}
		if grow > 0 {
			df.AtLeast = false // grown to the size given
		}
		df.Size = max(df.Size, f.Size.Bytes)
		// a percent growth the file keeps grows with it: estimated
		// again at the new size (SL209; SL203 reports any percent log
		// growth where it is set)
		if grow > 0 && f.Growth == nil && df.GrowPct > 0 && !log && !container {
			if g := fileMaxSize(f, df); !atMaxSize(g, df.Size) {
				m.addGrowth(e, Growth{File: f.Name, Size: parser.Size{Percent: int64(df.GrowPct)}, FileSize: df.Size, RoomMB: maxRoom(g, df.Size)})
			}
		}
	}
	if f.Growth != nil && !container {
		size := explicitBytes(f)
		if have {
			size = df.Size
		}
		if g := fileMaxSize(f, df); !atMaxSize(g, size) {
			m.addGrowth(e, Growth{File: f.Name, Log: log, Size: *f.Growth, FileSize: size, RoomMB: maxRoom(g, size)})
		}
	}
	if f.MaxSize != nil {
		df.MaxMB = maxSizeMB(f.MaxSize)
	}
	if f.Growth != nil {
		df.GrowPct = growPct(f.Growth)
	}
	if !changed {
		return // what it holds is as it was
	}
	switch {
	case f.NewName != "":
		d.Files.Delete(strings.ToLower(f.Name))
		df.name = m.fileNames.add(f.NewName)
		d.Files.Set(df)
	case existed:
		d.Files.Set(df)
	default:
		d.Files.add(df) // a file d does not hold under that key
	}
}

// own copies a string the model keeps for the whole run: names in the
// scripts are slices of their file's text, which must die with the file.
func own(s string) string { return strings.Clone(s) }

// copyAfter is how many statements make slim copy (see Model.copying).
var copyAfter = collectAfter

// replayCollections is the most collections a huge script's replay runs
// (see replay), at even intervals, unless one ran in an interval.
const replayCollections = 3

// count32 is n as an Effect keeps a count, at most math.MaxInt32.
func count32(n int) int32 { return int32(min(n, 1<<31-1)) }
