package rules

import (
	"strings"

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
	Files      map[string]*DBFile
	Unnamed    int
	Filegroups map[string]bool // lower-case names, PRIMARY included
	TRT        *int64          // TARGET_RECOVERY_TIME in seconds, when set
	TDE        bool
	// Created is true when a scanned script created the database.
	Created bool
	// FromServer is true when the files came from the live server.
	FromServer bool
	reported   map[string]bool
	// restoring is true after a RESTORE WITH NORECOVERY or STANDBY, until
	// one WITH RECOVERY: the database waits for more backups.
	restoring bool
	// snap is the last backup snapshot of this database (see snapshot),
	// summary its last summarized one.
	snap, summary *layout
	// summaries counts the summarized backup snapshots of this database.
	summaries int
	// ExtraFilegroups counts filegroups whose names are not known (a
	// database restored from a summarized backup snapshot).
	ExtraFilegroups int
}

// DBFile is one file of a database.
type DBFile struct {
	Name      string
	Log       bool
	Size      int64 // bytes; 0 when unknown
	Filegroup string
}

// FileCount is the number of files, data and log.
func (d *Database) FileCount() int { return len(d.Files) + d.Unnamed }

// FilegroupCount is the number of filegroups, PRIMARY included.
func (d *Database) FilegroupCount() int { return len(d.Filegroups) + d.ExtraFilegroups }

// once reports whether rule id has not yet reported on d, and marks it.
func (d *Database) once(id string) bool {
	if d.reported == nil {
		d.reported = map[string]bool{}
	}
	if d.reported[id] {
		return false
	}
	d.reported[id] = true
	return true
}

// Alloc is file space a statement allocates, which SQL Server zero-fills
// unless instant file initialization applies (data files only).
type Alloc struct {
	File  string
	Log   bool
	Bytes int64
	// UpTo is set when the file's size before the statement was unknown:
	// Bytes is then the new size, an upper bound of the allocation.
	UpTo bool
}

// Growth is an autogrowth setting a statement gives a file.
type Growth struct {
	File string
	Log  bool
	Size parser.Size
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
	// Files and Filegroups are DB's counts after the statement.
	Files, Filegroups int
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
}

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

// addAlloc records a one-time allocation.
func (e *Effect) addAlloc(a Alloc) {
	x := e.extra()
	x.allocs = append(x.allocs, a)
}

// addGrowth records an autogrowth setting.
func (e *Effect) addGrowth(g Growth) {
	x := e.extra()
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
	// has reported (once per run).
	tempdbFiles    map[string]*DBFile
	tempdbReported bool
	// devices are the backup devices the scripts wrote full backups to.
	devices map[string]*device
	// snapshotCopied counts the files and filegroups copied into backup
	// snapshots (bounded by snapshotBudget).
	snapshotCopied int
	// lowered interns the lowered names the model reads and keeps (see
	// lower), at most maxInterned.
	lowered map[string]string
	// messages interns the messages of findings (see message), at most
	// maxMessages.
	messages map[string]string
	// pathSrc is the last path ownPath copied, pathOwned its copy
	pathSrc, pathOwned string
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
	if m.lowered == nil || len(m.lowered) >= maxInterned {
		m.lowered = make(map[string]string)
	}
	k := strings.Clone(s)
	v := strings.ToLower(k)
	m.lowered[k] = v
	return v
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
	if v, ok := m.messages[s]; ok {
		return v
	}
	if m.messages == nil || len(m.messages) >= maxMessages {
		m.messages = make(map[string]string)
	}
	if foreign {
		s = strings.Clone(s)
	}
	m.messages[s] = s
	return s
}

// maxMessages bounds the messages interned: past it the table starts
// over (messages that name databases or sizes rarely repeat).
const maxMessages = 1 << 10

// key is n.Key(), through lower.
func (m *Model) key(n *parser.Name) string {
	if n.Unresolved {
		return n.Raw
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
	first := len(m.Effects)
	var conns []int // :connect: the database of the new connection is unknown
	if r.Script != nil {
		conns = r.Script.Connects
	}
	for _, st := range r.Statements {
		if len(conns) > 0 && st.Batch.Index >= conns[0] {
			for len(conns) > 0 && st.Batch.Index >= conns[0] {
				conns = conns[1:]
			}
			ctx = ""
		}
		e := Effect{Stmt: st, Script: int32(si), Context: ctx, Next: -1}
		m.apply(&e, &ctx)
		m.Effects = append(m.Effects, e)
	}
	for i := first; i < len(m.Effects)-1; i++ {
		m.Effects[i].Next = int32(i + 1)
	}
}

// database returns the model of the database named n, creating it.
func (m *Model) database(n *parser.Name, ctx string, current bool) *Database {
	return m.lookup(n, ctx, current, true)
}

func (m *Model) lookup(n *parser.Name, ctx string, current, seed bool) *Database {
	key, display := m.key(n), n.Value
	if current {
		if ctx == "" {
			key, display = "current", "CURRENT"
		} else {
			key, display = ctx, ctx
			if d := m.Databases[ctx]; d != nil {
				display = d.Name
			}
		}
	}
	d := m.Databases[key]
	if d == nil {
		d = &Database{Key: m.own(key), Name: m.own(display), Files: map[string]*DBFile{}, Filegroups: map[string]bool{"primary": true}}
		m.Databases[d.Key] = d
		if seed {
			m.seedFromServer(d)
		}
	}
	return d
}

// seedFromServer fills a database the scripts did not create with the
// files it has on the server.
func (m *Model) seedFromServer(d *Database) {
	if m.facts == nil {
		return
	}
	sd := m.facts.Databases[d.Key]
	if sd == nil || !sd.Exists {
		return
	}
	d.FromServer = true
	for _, f := range sd.Files {
		d.Files[strings.ToLower(f.Name)] = &DBFile{Name: f.Name, Log: f.Log, Size: f.Size, Filegroup: f.Filegroup}
		if f.Filegroup != "" {
			d.Filegroups[m.lower(f.Filegroup)] = true
		}
	}
	for i := len(d.Filegroups); i < sd.Filegroups; i++ {
		d.Filegroups["#server"+itoa(i)] = true
	}
	if sd.Encrypted != nil {
		d.TDE = *sd.Encrypted
	}
}

func itoa(i int) string { return formatNumber(float64(i)) }

func (m *Model) reset(key string) {
	delete(m.Databases, key)
}

func (m *Model) apply(e *Effect, ctx *string) {
	switch n := e.Stmt.Node.(type) {
	case *parser.Use:
		*ctx = m.key(&n.Database)
		e.DB = m.database(&n.Database, "", false)
	case *parser.DropDatabase:
		for _, name := range n.Databases {
			m.reset(m.key(&name))
		}
	case *parser.CreateDatabase:
		m.reset(m.key(&n.Database))
		d := m.lookup(&n.Database, *ctx, false, false)
		d.Created = true
		m.create(e, d, n)
	case *parser.AlterDatabase:
		d := m.database(&n.Database, *ctx, n.Current)
		e.DB = d
		m.alter(e, d, n)
		if n.Action == parser.ActionModifyName && n.NewName != "" {
			newKey := m.lower(n.NewName)
			delete(m.Databases, d.Key)
			d.Key, d.Name = newKey, m.own(n.NewName)
			m.Databases[d.Key] = d
		}
	case *parser.Checkpoint:
		if *ctx != "" {
			e.DB = m.Databases[*ctx]
		}
	case *parser.Backup:
		e.DB = m.database(&n.Database, *ctx, false)
		if !n.Log {
			m.backup(e, n)
		}
	case *parser.Restore:
		if n.Only == "" { // the read-only forms name no database
			e.DB = m.database(&n.Database, *ctx, false)
			m.restore(e, n)
		}
	}
	if e.DB != nil {
		e.Files, e.Filegroups = e.DB.FileCount(), e.DB.FilegroupCount()
	}
}

// addFile adds a file of ADD FILE or CREATE DATABASE to d. A file whose
// logical name the database already has is not added:
// SQL Server refuses the statement (error 1828, the logical file name is
// already in use), and idempotent scripts guard it with IF NOT EXISTS, so
// re-stating a file never grows the count. It reports whether f was added.
func (m *Model) addFile(d *Database, f parser.FileSpec) bool {
	size := int64(defaultFileSize)
	if f.Size != nil && !f.Size.Unknown && f.Size.Bytes > 0 {
		size = f.Size.Bytes
	}
	if f.Name == "" {
		d.Unnamed++
		return true
	}
	key := strings.ToLower(f.Name) // file names rarely repeat: not interned
	if _, dup := d.Files[key]; dup {
		return false
	}
	d.Files[ownLowered(key, f.Name)] = &DBFile{Name: m.own(f.Name), Log: f.Log, Size: size, Filegroup: m.own(f.Filegroup)}
	return true
}

// specSize is the size a new file gets: its SIZE, else the default.
func specSize(f parser.FileSpec) int64 {
	if b := explicitBytes(f); b > 0 {
		return b
	}
	return defaultFileSize
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
		d.Filegroups[m.lower(fg.Name)] = true
	}
	// Attaching and snapshots create no zero-filled space: the files
	// exist already, or are sparse.
	allocates := n.Attach == "" && n.SnapshotOf == "" && n.CopyOf == ""
	logs := 0
	for _, f := range n.Files {
		m.addFile(d, f)
		if f.Log {
			logs++
		}
		if allocates {
			if b := explicitBytes(f); b > 0 {
				e.addAlloc(Alloc{File: f.Name, Log: f.Log, Bytes: b})
			}
			if f.Growth != nil {
				e.addGrowth(Growth{File: f.Name, Log: f.Log, Size: *f.Growth, FileSize: specSize(f)})
			}
		}
	}
	switch {
	case n.CopyOf != "" || (len(n.Files) == 0 && n.SnapshotOf == ""):
		// no file list: one data file and one log file, as the model database
		d.Unnamed += 2 - len(n.Files)
	case logs == 0 && n.SnapshotOf == "":
		d.Unnamed++ // the log file SQL Server creates (or finds, for ATTACH)
	}
}

// isLogName guesses whether an unknown file is a log file from its name.
func isLogName(f parser.FileSpec) bool {
	name := strings.ToLower(f.Name)
	return strings.HasSuffix(strings.ToLower(f.FileName), ".ldf") || strings.HasSuffix(name, "log") || strings.HasSuffix(name, "_log")
}

func (m *Model) alter(e *Effect, d *Database, n *parser.AlterDatabase) {
	switch n.Action {
	case parser.ActionAddFile, parser.ActionAddLogFile:
		for _, f := range n.Files {
			if f.Filegroup != "" {
				d.Filegroups[m.lower(f.Filegroup)] = true
			}
			if !m.addFile(d, f) {
				continue // the file exists: nothing is allocated
			}
			if b := explicitBytes(f); b > 0 {
				e.addAlloc(Alloc{File: f.Name, Log: f.Log, Bytes: b})
			}
			if f.Growth != nil {
				e.addGrowth(Growth{File: f.Name, Log: f.Log, Size: *f.Growth, FileSize: specSize(f)})
			}
		}
	case parser.ActionRemoveFile:
		key := strings.ToLower(n.FileName)
		if _, ok := d.Files[key]; ok {
			delete(d.Files, key)
		} else if d.Unnamed > 0 {
			d.Unnamed--
		}
	case parser.ActionAddFilegroup:
		d.Filegroups[m.lower(n.Filegroup.Name)] = true
	case parser.ActionRemoveFilegroup:
		delete(d.Filegroups, m.lower(n.Filegroup.Name))
	case parser.ActionModifyFile:
		for _, f := range n.Files {
			m.modifyFile(e, d, f)
		}
	case parser.ActionSet:
		if n.TargetRecovery != nil && n.TargetRecovery.Known {
			s := n.TargetRecovery.Seconds
			d.TRT = &s
		}
		switch n.Encryption {
		case "ON":
			d.TDE = true
		case "OFF":
			d.TDE = false
		}
	}
}

// modifyFile applies one file of ALTER DATABASE ... MODIFY FILE. A SIZE
// allocates the growth over the size known before; when no size was known
// the new size is an upper bound of the allocation (Alloc.UpTo). Either
// way the size is known afterwards: a file the model did not know gets an
// entry (taking the place of one of the database's unnamed files, if any,
// so the file count does not change), and the next MODIFY FILE of it
// allocates only its growth. A SIZE the model cannot read (a sqlcmd
// variable) makes the size unknown again. A smaller SIZE allocates
// nothing and leaves the size as it was (SQL Server refuses to shrink a
// file with MODIFY FILE).
//
// A DBFile is never changed in place: backup snapshots share the DBFiles
// of the files that did not change since (see copyLayout), so a statement
// that changes a file replaces it with a changed copy.
func (m *Model) modifyFile(e *Effect, d *Database, f parser.FileSpec) {
	key := strings.ToLower(f.Name)
	df := d.Files[key]
	switch {
	case df == nil && f.Name != "" && f.Size != nil && !f.Size.Unknown && f.Size.Bytes > 0:
		df = &DBFile{Name: m.own(f.Name), Log: isLogName(f)}
		d.Files[ownLowered(key, f.Name)] = df
		if d.Unnamed > 0 {
			d.Unnamed--
		}
	case df != nil && (f.NewName != "" || f.Size != nil && (f.Size.Unknown && df.Size != 0 || !f.Size.Unknown && f.Size.Bytes > df.Size)):
		c := *df
		df = &c
		if f.NewName == "" { // else it moves to its new name below
			d.Files[ownLowered(key, f.Name)] = df
		}
	}
	log := isLogName(f)
	if df != nil {
		log = df.Log
	}
	switch {
	case f.Size == nil:
	case f.Size.Unknown:
		if df != nil {
			df.Size = 0
		}
	case f.Size.Bytes > 0:
		grow, upTo := f.Size.Bytes, true
		if df != nil && df.Size > 0 {
			grow, upTo = f.Size.Bytes-df.Size, false
		}
		if grow > 0 {
			e.addAlloc(Alloc{File: f.Name, Log: log, Bytes: grow, UpTo: upTo})
		}
		if df != nil {
			df.Size = max(df.Size, f.Size.Bytes)
		}
	}
	if f.Growth != nil {
		size := explicitBytes(f)
		if df != nil {
			size = df.Size
		}
		e.addGrowth(Growth{File: f.Name, Log: log, Size: *f.Growth, FileSize: size})
	}
	if df != nil && f.NewName != "" {
		delete(d.Files, key)
		df.Name = m.own(f.NewName)
		d.Files[ownLowered(strings.ToLower(f.NewName), f.NewName)] = df
	}
}

// ownLowered is own(lowered), lowered being strings.ToLower(s): a copy
// only when ToLower returned s itself (a slice of the script's text).
func ownLowered(lowered, s string) string {
	if lowered != s {
		return lowered // ToLower made a new string
	}
	return own(lowered)
}

// own copies a string the model keeps for the whole run: names in the
// scripts are slices of their file's text, which must die with the file.
func own(s string) string { return strings.Clone(s) }
