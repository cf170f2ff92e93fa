package rules

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sqllint/sqllint/parser"
)

// Backups and restores in the model. A full BACKUP DATABASE records, for
// each device it writes to, what the database looked like then (its files
// and their sizes); a RESTORE DATABASE from that device gives those files
// to the database it restores, under whatever name.

// backupSet is one full database backup the scripts take, as a snapshot
// of the database at that point. A nil *backupSet on a device is a backup
// whose content the model does not know (differential, partial or file
// backups): it still takes a position on the device.
type backupSet struct {
	*layout
	// At is where the BACKUP statement is, resolved: the model outlives
	// the file's text, so it keeps no statement.
	At parser.Position
}

// layout is what a backup set holds of its database, shared by the sets
// of backups between which the database did not change: a script that
// backs up a database after each of thousands of steps keeps one
// position for each, not one copy of the database.
//
// A summary (no files copied, see snapshot) is this struct alone, with
// no pointer but its two names: a dense run keeps tens of thousands of
// them to its end, and the collector marks what they point to at every
// cycle. A copy's database and files are in its snapCopy.
type layout struct {
	// snapCopy is a copy's snapshot, nil for a summary.
	*snapCopy
	// key and name are the database's (Database.Key and Name) when the
	// backup was taken.
	key, name string
	// data and logBytes are a summary's sizes: those of its data files
	// and of its log files whose size is known.
	data, logBytes int64
	// trt is the database's TARGET_RECOVERY_TIME, when hasTRT.
	trt int64
	// unnamed and extraFilegroups are a summary's Database.Unnamed (every
	// file of the database) and ExtraFilegroups (every filegroup but
	// PRIMARY).
	unnamed, extraFilegroups         int32
	hasTRT, tde, created, fromServer bool
	// partial is true when some of the files' sizes are unknown.
	partial bool
	// atLeast is set on a summary when some of its sizes are lower
	// bounds (DBFile.AtLeast)
	atLeast bool
}

// snapCopy is a copied snapshot: its database and files.
type snapCopy struct {
	// Source is the snapshot: filegroups, TDE, TRT, counts (its files
	// are in dbFiles and keys).
	Source *Database
	// files are the snapshot's files with a known size, shared read-only
	// by every restore of the set (made at its first restore).
	files []Alloc
	// dbFiles are copies of the database's files (24 bytes a file, no
	// pointer): what the database's files become later is not theirs.
	// Their names are in Source.Files's table.
	dbFiles []DBFile
	// gen is the generation of the database's Files that the copy holds
	// (see nextSetGen).
	gen   uint64
	known int32 // the dbFiles with a known size
}

// copied reports whether l is a copy rather than a summary.
func (l *layout) copied() bool { return l.snapCopy != nil }

// sized is the snapshot's files with a known size: a summary's are one
// Alloc for all its data files and one for all its log files.
func (l *layout) sized(names *nameTable) []Alloc {
	if !l.copied() {
		var files []Alloc
		if l.data > 0 {
			files = append(files, Alloc{Bytes: l.data, AtLeast: l.atLeast})
		}
		if l.logBytes > 0 {
			files = append(files, Alloc{Log: true, Bytes: l.logBytes, AtLeast: l.atLeast})
		}
		return files
	}
	if l.files == nil && l.known > 0 {
		l.files = make([]Alloc, 0, l.known)
		for _, f := range l.dbFiles {
			if f.Size > 0 {
				l.files = append(l.files, Alloc{File: names.str(f.name), Log: f.Log, Bytes: f.Size, AtLeast: f.AtLeast})
			}
		}
	}
	return l.files
}

// A snapshot copies the database's files only while that stays cheap: a
// database of more than snapshotMaxFiles files, or any database once a
// run has copied snapshotBudget files into snapshots, is kept as a
// summary (file and filegroup counts, data and log bytes), so that a
// script that backs up a database of thousands of files after each of
// thousands of steps costs neither quadratic time nor memory. A restore
// of a summary counts the same files and filegroups and allocates the
// same bytes; only the files' names are not known afterwards.
//
// A summary still adds up the sizes of every file, so after
// summaryMaxPerDB summaries of one database its further backups keep only
// the counts: a restore of one of them counts its files and filegroups,
// and its sizes are unknown (SL207 is silent, as for any restore of
// unknown size).
const (
	snapshotMaxFiles = 1024
	snapshotBudget   = 1 << 16
	summaryMaxPerDB  = 64
)

// device is a backup device (a file, tape, URL or logical device) and the
// backup sets the scripts wrote to it since it was last initialized.
type device struct{ sets []*backupSet }

// Where the sizes of the files a restore creates come from.
const (
	SizesUnknown  = ""
	SizesBackup   = "backup"   // a BACKUP DATABASE in the scanned scripts
	SizesHistory  = "history"  // the server's backup history (msdb), live mode
	SizesReplaced = "replaced" // the database the restore replaces
)

// RestoreEffect is what a RESTORE DATABASE creates.
type RestoreEffect struct {
	// Device is the first source device as written ("" when none is
	// literal).
	Device string
	// Source is the name of the database the backup was taken of, when
	// known.
	Source string
	// Sizes says where Files come from; SizesUnknown when nowhere.
	Sizes string
	// Backup is the BACKUP statement that wrote the backup, for
	// Sizes == SizesBackup.
	Backup *parser.Position
	// Finished is when the server's backup was taken, for SizesHistory.
	Finished string
	// Files are every file the restore creates anew, with its size, in no
	// particular order.
	Files []Alloc
	// Replace is WITH REPLACE.
	Replace bool
	// PartialRestore is WITH PARTIAL: Files are those of the primary
	// filegroup, of the filegroups the restore names and of the log.
	PartialRestore bool
	// FileRestore is a file or filegroup restore (FILE = or FILEGROUP =
	// without PARTIAL): Files are the data files it names or those of
	// the filegroups it names, with their sizes in the database.
	FileRestore bool
	// Partial is set when the model knows only some of the files (a
	// database the scripts did not create and the server did not
	// describe, or files of unknown size): Files are a lower bound.
	Partial bool
}

// partial reports whether the model knows only part of d's files.
func partial(d *Database) bool {
	if !d.Created && !d.FromServer || d.Unnamed > 0 {
		return true
	}
	for _, f := range d.Files.All() {
		if f.Size <= 0 {
			return true
		}
	}
	return false
}

// Bytes is the total size of the restored data files (log false) or log
// files (log true).
func (r *RestoreEffect) Bytes(log bool) int64 {
	var n int64
	for _, f := range r.Files {
		if f.Log == log {
			n += f.Bytes
		}
	}
	return n
}

// AtLeast reports whether the size of some file of r, data or log
// files, is only a lower bound (Alloc.AtLeast): their total is then one.
func (r *RestoreEffect) AtLeast(log bool) bool {
	for _, f := range r.Files {
		if f.Log == log && f.AtLeast {
			return true
		}
	}
	return false
}

// deviceKey identifies a backup device: its type and its value, without
// regard to case (Windows paths and logical device names are
// case-insensitive), and with a Windows path's '/' read as '\' (D:/b.bak
// is D:\b.bak).
func deviceKey(t parser.Target) string {
	if !t.Known || t.Value == "" {
		return ""
	}
	typ, v := strings.ToUpper(t.Type), strings.ToLower(strings.TrimSpace(t.Value))
	if typ == "DISK" && len(v) >= 2 && v[1] == ':' && strings.Contains(v, "/") {
		v = strings.ReplaceAll(v, "/", `\`)
	}
	return typ + ":" + v
}

// deviceKeyIn is deviceKey(t) written into buf, for a map lookup that
// allocates nothing, when t's type and value are ASCII and fit (ok);
// b is empty when deviceKey is "".
func deviceKeyIn(buf []byte, t parser.Target) (b []byte, ok bool) {
	if !t.Known || t.Value == "" {
		return buf[:0], true
	}
	v := strings.TrimSpace(t.Value)
	nt := len(t.Type)
	if nt+1+len(v) > len(buf) {
		return nil, false
	}
	b = buf[:nt+1+len(v)]
	for i := 0; i < nt; i++ {
		c := t.Type[i]
		if c >= utf8.RuneSelf {
			return nil, false
		}
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		b[i] = c
	}
	b[nt] = ':'
	if ascii, _ := lowerASCII(b[nt+1:], v); !ascii {
		return nil, false
	}
	// a Windows path's '/' reads as '\', as in deviceKey
	if string(b[:nt]) == "DISK" && len(v) >= 2 && v[1] == ':' {
		p := b[nt+1:]
		for i := bytes.IndexByte(p, '/'); i >= 0; i = bytes.IndexByte(p, '/') {
			p[i] = '\\'
			p = p[i+1:]
		}
	}
	return b, true
}

// deviceOf is m.devices[deviceKey(t)] and whether that key is "", the
// key also returned when the device is not there and adding is set (else
// "").
func (m *Model) deviceOf(t parser.Target, adding bool) (dev *device, key string, none bool) {
	if tag := m.localDeviceTag(t); tag != "" {
		if key = deviceKey(t); key == "" {
			return nil, "", true
		}
		key = tag + key // another server's own disk
		return m.devices[key], key, false
	}
	var buf [128]byte
	if b, ok := deviceKeyIn(buf[:], t); ok {
		if len(b) == 0 {
			return nil, "", true
		}
		if dev = m.devices[string(b)]; dev == nil && adding {
			key = string(b)
		}
		return dev, key, false
	}
	key = deviceKey(t)
	return m.devices[key], key, key == ""
}

func hasOpt(opts []parser.Option, name string) bool {
	for _, o := range opts {
		if o.Name == name {
			return true
		}
	}
	return false
}

func optValue(opts []parser.Option, name string) (string, bool) {
	for _, o := range opts {
		if o.Name == name {
			return o.Value, true
		}
	}
	return "", false
}

// snapshot copies what a restore of d would recreate. Backups of a
// database that did not change in between share one copy (it is never
// written to): a script that backs up a database after each step does
// not copy all its files each time.
func (m *Model) snapshot(d *Database) *layout {
	if d.FileCount() > snapshotMaxFiles || d.FilegroupCount() > snapshotMaxFiles || m.snapshotCopied >= snapshotBudget {
		d.summaries = min(d.summaries+1, summaryMaxPerDB+1)
		d.summary = m.summaryLayout(d, d.summaries <= summaryMaxPerDB, d.summary)
		return d.summary
	}
	if last := d.snap; last != nil && sameLayout(d, last) {
		return last
	}
	set := copyLayout(d)
	m.snapshotCopied += d.Files.Len() + d.Filegroups.Len()
	d.snap = set
	return set
}

// summaryLayout is a snapshot of d without its files' names: counts and,
// with sizes, the data and log bytes of the files whose size is known.
// It is last (d's previous summary) when that holds the same.
func (m *Model) summaryLayout(d *Database, sizes bool, last *layout) *layout {
	partial := !d.Created && !d.FromServer || d.Unnamed > 0
	var data, logBytes int64
	var atLeast bool
	if !sizes {
		partial = true
	} else {
		var unsized bool
		data, logBytes, unsized, atLeast = m.sizesOf(&d.Files)
		partial = partial || unsized
	}
	if last != nil && last.partial == partial && last.atLeast == atLeast && last.data == data && last.logBytes == logBytes && sameSummary(d, last) {
		return last
	}
	// from the model's room: a dense run summarizes a database at most of
	// its backups
	l := m.layoutRoom.put(layout{key: d.Key, name: d.Name, data: data, logBytes: logBytes,
		unnamed: count32(d.FileCount()), extraFilegroups: count32(d.FilegroupCount() - 1),
		tde: d.TDE, created: d.Created, fromServer: d.FromServer, partial: partial, atLeast: atLeast})
	if d.TRT != nil {
		l.trt, l.hasTRT = *d.TRT, true
	}
	return l
}

// sizesOf adds up the sizes of the files of s whose size is known, data
// and log apart, and tells whether some size is unknown (FileSet.sizes:
// a large set keeps its sums as files come and go).
func (m *Model) sizesOf(s *FileSet) (data, logBytes int64, unsized, atLeast bool) { return s.sizes() }

// sameSummary reports whether l (a summary) holds what summaryLayout
// would take from d now, files aside.
func sameSummary(d *Database, l *layout) bool {
	return l.key == d.Key && l.name == d.Name && int(l.unnamed) == d.FileCount() &&
		int(l.extraFilegroups) == d.FilegroupCount()-1 && l.tde == d.TDE && l.created == d.Created &&
		l.fromServer == d.FromServer && (d.TRT == nil) == !l.hasTRT && (d.TRT == nil || *d.TRT == l.trt)
}

// sameLayout reports whether l (a copy) holds what snapshot would copy
// from d now.
func sameLayout(d *Database, l *layout) bool {
	c := l.Source
	if d.Key != c.Key || d.Name != c.Name || d.Unnamed != c.Unnamed || d.TDE != c.TDE || d.Created != c.Created ||
		d.FromServer != c.FromServer || d.Files.Len() != len(l.dbFiles) || d.Filegroups.Len() != c.Filegroups.Len() ||
		d.ExtraFilegroups != c.ExtraFilegroups ||
		(d.TRT == nil) != (c.TRT == nil) || d.TRT != nil && *d.TRT != *c.TRT {
		return false
	}
	if d.Files.gen == l.gen {
		// one generation: the same files
		return d.Filegroups.equal(&c.Filegroups)
	}
	// as many files, the keys of l all different: the same files
	for i := range l.dbFiles {
		c := &l.dbFiles[i]
		if f, ok := d.Files.Get(d.Files.key(c)); !ok || f != *c {
			return false
		}
	}
	return d.Filegroups.equal(&c.Filegroups)
}

func copyLayout(d *Database) *layout {
	c := &Database{Key: d.Key, Name: d.Name, Unnamed: d.Unnamed, ExtraFilegroups: d.ExtraFilegroups,
		Files: FileSet{names: d.Files.names}, Filegroups: d.Filegroups.clone(), TDE: d.TDE, Created: d.Created,
		FromServer: d.FromServer}
	n := d.Files.Len()
	l := &layout{snapCopy: &snapCopy{Source: c, dbFiles: make([]DBFile, 0, n), gen: d.Files.gen},
		key: d.Key, name: d.Name}
	for _, f := range d.Files.files() {
		l.dbFiles = append(l.dbFiles, f)
		if f.Size > 0 {
			l.known++
		}
	}
	if d.TRT != nil {
		t := *d.TRT
		c.TRT = &t
	}
	l.partial = !c.Created && !c.FromServer || c.Unnamed > 0 || int(l.known) < n // as partial(d)
	return l
}

// ownPath is own(path) for the path of a backup's position, one copy per
// file rather than one per BACKUP.
func (m *Model) ownPath(path string) string {
	if path != m.pathSrc || m.pathOwned == "" && path != "" {
		m.pathSrc = path
		m.pathOwned = own(path)
	}
	return m.pathOwned
}

// backup records a BACKUP DATABASE on its devices. INIT and FORMAT start
// the device anew; otherwise the set is appended, as SQL Server does.
func (m *Model) backup(e *Effect, n *parser.Backup) {
	var set *backupSet
	if len(n.Files) == 0 && !n.ReadWriteFilegroups && !hasOpt(n.Options, "DIFFERENTIAL") && e.DB != nil {
		set = m.setRoom.put(backupSet{layout: m.snapshot(e.DB), At: e.Stmt.Span().Start.Position()})
		set.At.Path = m.ownPath(set.At.Path)
	}
	initialize := hasOpt(n.Options, "INIT") || hasOpt(n.Options, "FORMAT")
	for _, t := range n.Targets {
		dev, key, none := m.deviceOf(t, true)
		if none {
			continue
		}
		if m.devices == nil {
			m.devices = map[string]*device{}
		}
		if m.branch != nil {
			if key == "" {
				key = deviceKey(t)
			}
			m.touchDevice(key, dev)
		}
		if dev == nil || initialize {
			if key == "" {
				key = deviceKey(t)
			}
			// from the model's room, with room for a few sets: a dense
			// run writes thousands of devices, each a few times
			dev = m.devRoom.put(device{sets: make([]*backupSet, 0, 4)})
			m.devices[key] = dev
		}
		dev.sets = append(dev.sets, set)
	}
}

// restoredSet finds the backup set a RESTORE reads: WITH FILE = n picks
// the nth set of the device (the first by default). known is true when the
// scripts wrote that set; set is then nil for a differential, file or
// partial backup. Devices the scripts never wrote to are unknown.
func (m *Model) restoredSet(n *parser.Restore) (set *backupSet, known bool, device string) {
	pos := 1
	if v, ok := optValue(n.Options, "FILE"); ok {
		p, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || p < 1 {
			return nil, false, "" // a variable: which set is unknown
		}
		pos = p
	}
	for _, t := range n.Sources {
		dev, _, none := m.deviceOf(t, false)
		if none {
			continue
		}
		if device == "" {
			device = t.Value
		}
		if dev != nil && pos <= len(dev.sets) {
			return dev.sets[pos-1], true, t.Value
		}
	}
	return nil, false, device
}

// createsDatabase reports whether a RESTORE creates a whole database anew
// from a backup. RESTORE LOG and the read-only forms do not; neither do a
// file, filegroup or page restore (the pieces' sizes are unknown), WITH
// RECOVERY alone (it brings a restored database online) and a revert to a
// database snapshot (pages are rewritten in place).
//
// A partial restore (WITH PARTIAL, the first step of a piecemeal restore)
// creates part of the database: the primary filegroup, the filegroups it
// names and the log (see partialFiles).
func createsDatabase(n *parser.Restore) bool {
	if n.Log || n.Only != "" || len(n.Sources) == 0 {
		return false
	}
	if len(n.Files) > 0 && (!hasOpt(n.Options, "PARTIAL") || hasOpt(n.Files, "PAGE")) {
		return false
	}
	for _, src := range n.Sources {
		if strings.EqualFold(src.Type, "DATABASE_SNAPSHOT") {
			return false
		}
	}
	return true
}

// restore gives the database a RESTORE DATABASE creates the files of the
// backup it reads. A restore creates every file anew, WITH REPLACE too.
func (m *Model) restore(e *Effect, n *parser.Restore) {
	d := e.DB
	waiting := d.restoring
	d.restoring = hasOpt(n.Options, "NORECOVERY") || hasOpt(n.Options, "STANDBY")
	if !createsDatabase(n) {
		if fileRestore(n) {
			m.restoreFiles(e, d, n)
		}
		return
	}
	set, known, dev := m.restoredSet(n)
	partialRestore := hasOpt(n.Options, "PARTIAL")
	if set == nil && (known || waiting) && !partialRestore {
		// A differential (or file) backup, known as such or restored into
		// a database waiting for more backups: it is applied to the files
		// the full restore before it created. (A partial restore starts
		// a restore sequence; the partial backup it may read is one whose
		// content the model does not know.)
		return
	}
	re := &RestoreEffect{Replace: n.Replace || hasOpt(n.Options, "REPLACE"), Device: dev, PartialRestore: partialRestore}
	m.extraIn(e).restore = re
	if partialRestore {
		defer partialFiles(re, d, n)
	}
	switch {
	case set != nil:
		re.Source = set.name
		m.restoreLayout(d, set.layout)
		if files := set.sized(&m.fileNames); len(files) > 0 {
			re.Sizes, re.Backup = SizesBackup, &set.At
			re.Files, re.Partial = files, set.partial
			return
		}
		if m.fromHistory(re, d, set.key) {
			return
		}
	default:
		// Without a BACKUP in the scripts, the backup is taken to be of
		// the database it restores (the usual case): the server may know
		// its latest full backup, or the database being replaced (not
		// after a :connect to another server).
		if m.home() && m.fromHistory(re, d, d.Key) {
			re.Source = d.Name
			return
		}
		if foreignMoves(d, n) {
			// the backup is of another layout: its sizes are unknown
			m.movedLayout(d, n)
			return
		}
		if files := filesOf(d); len(files) > 0 {
			re.Sizes = SizesReplaced
			re.Files, re.Partial = files, partial(d)
		}
	}
}

// fileRestore reports whether a RESTORE is a file or filegroup restore:
// RESTORE DATABASE with FILE = or FILEGROUP = and without PARTIAL (nor
// PAGE =, which writes pages into the files there).
func fileRestore(n *parser.Restore) bool {
	if n.Log || n.Only != "" || len(n.Sources) == 0 || len(n.Files) == 0 || hasOpt(n.Options, "PARTIAL") ||
		hasOpt(n.Files, "PAGE") || hasOpt(n.Files, "READ_WRITE_FILEGROUPS") {
		return false
	}
	for _, src := range n.Sources {
		if strings.EqualFold(src.Type, "DATABASE_SNAPSHOT") {
			return false
		}
	}
	return true
}

// restoreFiles records what a file or filegroup restore (fileRestore)
// of d creates: the data files it names (FILE =) and those of the
// filegroups it names (FILEGROUP =), as the database has them; a file it
// names that the model does not know, or one of unknown size, makes them
// a lower bound. The database's layout stays: the files are restored in
// place, and the log is not restored.
func (m *Model) restoreFiles(e *Effect, d *Database, n *parser.Restore) {
	re := &RestoreEffect{Replace: n.Replace || hasOpt(n.Options, "REPLACE"), FileRestore: true, Sizes: SizesReplaced}
	for _, o := range n.Files {
		if _, ok := d.fileNamed(strings.TrimSpace(o.Value)); o.Name == "FILE" && !ok {
			re.Partial = true
		}
	}
	names := restoreNameSet(n)
	for _, f := range d.Files.All() {
		if f.Log {
			continue
		}
		fg := d.Files.Filegroup(f)
		if fg == "" {
			fg = "PRIMARY"
		}
		if !names.has("FILE", d.Files.Name(f)) && !names.has("FILEGROUP", fg) {
			continue
		}
		if f.Size <= 0 {
			re.Partial = true
			continue
		}
		re.Files = append(re.Files, Alloc{File: d.Files.Name(f), Bytes: f.Size, AtLeast: f.AtLeast})
	}
	if len(re.Files) > 0 {
		m.extraIn(e).restore = re
	}
}

// restoreNames is the names a restore's FILE = and FILEGROUP = items
// give, by kind and fold key (parser.FoldKey): a database's files were
// each compared with every item, and a RESTORE of 16,000 FILE = items of
// as many files took 1.5 s (32,767, the most a database has, 6 s).
type restoreNames map[[2]string]bool

func restoreNameSet(n *parser.Restore) restoreNames {
	var s restoreNames
	for _, o := range n.Files {
		if o.Name == "FILE" || o.Name == "FILEGROUP" {
			if s == nil {
				s = make(restoreNames)
			}
			s[[2]string{o.Name, parser.FoldKey(strings.TrimSpace(o.Value))}] = true
		}
	}
	return s
}

// has reports whether the restore names v in a FILE = or FILEGROUP =
// (kind) item, in any case (strings.EqualFold).
func (s restoreNames) has(kind, v string) bool {
	return s != nil && s[[2]string{kind, parser.FoldKey(v)}]
}

// partialFiles keeps, of the files a restore WITH PARTIAL creates (d is
// the database it restores, with the backup's layout), those RESTORE's
// documentation says a partial restore restores: "the primary filegroup
// and any specified secondary filegroup(s)" (FILEGROUP = and the
// filegroups of the files FILE = names, or READ_WRITE_FILEGROUPS: every
// filegroup, as the model does not know which are read-only), and the log,
// which every restore creates.
func partialFiles(re *RestoreEffect, d *Database, n *parser.Restore) {
	if re.Sizes == SizesUnknown {
		return
	}
	rw := hasOpt(n.Files, "READ_WRITE_FILEGROUPS")
	named := restoreNameSet(n).has
	groups := map[string]bool{}
	for _, f := range d.Files.All() {
		if !f.Log && named("FILE", d.Files.Name(f)) {
			groups[strings.ToLower(d.Files.Filegroup(f))] = true
		}
	}
	var files []Alloc
	for _, f := range d.Files.All() {
		fg := strings.ToLower(d.Files.Filegroup(f))
		if f.Size > 0 && (f.Log || rw || fg == "" || fg == "primary" || groups[fg] || named("FILEGROUP", d.Files.Filegroup(f))) {
			files = append(files, Alloc{File: d.Files.Name(f), Log: f.Log, Bytes: f.Size, AtLeast: f.AtLeast})
		}
	}
	re.Files = files
}

// foreignMoves reports whether a RESTORE WITH MOVE names a logical file
// the database it replaces does not have: the backup is then not of that
// database's layout (a sample database restored over an empty one of the
// same name), whose sizes say nothing of the restored files.
func foreignMoves(d *Database, n *parser.Restore) bool {
	if d.Files.Len() == 0 {
		return false
	}
	for _, mv := range n.Moves {
		if _, ok := d.fileNamed(mv.Logical); mv.Known && !ok {
			return true
		}
	}
	return false
}

// movedLayout makes d the database a restore of a backup of unknown
// layout leaves: the files its MOVE options name, of unknown size (a
// .ldf file, or a name ending in log, taken for a log file), among
// others the model does not know of.
func (m *Model) movedLayout(d *Database, n *parser.Restore) {
	d.Files.reset(len(n.Moves))
	for _, mv := range n.Moves {
		if !mv.Known {
			continue
		}
		if _, ok := d.Files.Get(strings.ToLower(mv.Logical)); !ok {
			d.Files.Set(DBFile{name: m.fileNames.add(mv.Logical), Log: isLogName(parser.FileSpec{Name: mv.Logical, FileName: mv.Physical})})
		}
	}
	d.Unnamed, d.ExtraFilegroups = 0, 0
	d.Filegroups = withPrimary()
	d.Created, d.FromServer, d.TDE, d.TRT = false, false, false, nil
}

// fromHistory takes the restored files from the server's latest full
// backup of database key, when live mode knows it.
func (m *Model) fromHistory(re *RestoreEffect, d *Database, key string) bool {
	if m.facts == nil {
		return false
	}
	sd := m.facts.Databases[key]
	if sd == nil || sd.FullBackup == nil || len(sd.FullBackup.Files) == 0 {
		return false
	}
	re.Sizes, re.Finished = SizesHistory, sd.FullBackup.Finished
	src := &Database{Files: FileSet{names: &m.fileNames}, Filegroups: withPrimary(), TDE: d.TDE, Created: true}
	if sd.Encrypted != nil {
		src.TDE = *sd.Encrypted
	}
	for _, f := range sd.FullBackup.Files {
		src.Files.Set(DBFile{name: m.fileNames.add(f.Name), Log: f.Log, Size: f.Size, filegroup: m.fileNames.intern(f.Filegroup)})
		if f.Filegroup != "" {
			src.Filegroups.Add(strings.ToLower(f.Filegroup))
		}
		re.Files = append(re.Files, Alloc{File: f.Name, Log: f.Log, Bytes: f.Size})
	}
	m.replaceWith(d, src)
	return true
}

// restoreLayout makes d what the snapshot l holds (see replaceWith).
func (m *Model) restoreLayout(d *Database, l *layout) {
	if !l.copied() {
		restoreSummary(d, l)
		return
	}
	d.Files.reset(len(l.dbFiles))
	for _, f := range l.dbFiles {
		d.Files.Set(f)
	}
	replaceOptions(d, l.Source)
}

// restoreSummary makes d what the summary l holds: its counts, no file
// by name (replaceWith with l's database as src, whose files were not
// copied).
func restoreSummary(d *Database, l *layout) {
	d.Files.reset(0)
	d.Unnamed, d.ExtraFilegroups = int(l.unnamed), int(l.extraFilegroups)
	d.Filegroups = withPrimary()
	d.TDE = l.tde
	d.Created, d.FromServer = l.created || l.fromServer, false
	d.TRT = nil
	if l.hasTRT {
		t := l.trt
		d.TRT = &t
	}
}

// replaceWith makes d a copy of the layout of src: the files, filegroups
// and database options a restore brings back. d keeps its name and what
// rules already reported on it.
func (m *Model) replaceWith(d, src *Database) {
	if d == src {
		return
	}
	d.Files.reset(src.Files.Len())
	for _, f := range src.Files.All() {
		d.Files.Set(f)
	}
	replaceOptions(d, src)
}

// replaceOptions is replaceWith but for the files.
func replaceOptions(d, src *Database) {
	d.Unnamed, d.ExtraFilegroups = src.Unnamed, src.ExtraFilegroups
	d.Filegroups = src.Filegroups.clone()
	d.TDE = src.TDE
	// the restore created the database: its layout is complete when the
	// backup's was
	d.Created, d.FromServer = src.Created || src.FromServer, false
	d.TRT = nil
	if src.TRT != nil {
		t := *src.TRT
		d.TRT = &t
	}
}

// filesOf lists d's files with a known size, in no particular order
// (rules add them up).
func filesOf(d *Database) []Alloc {
	out := make([]Alloc, 0, d.Files.Len())
	for _, f := range d.Files.All() {
		if f.Size > 0 {
			out = append(out, Alloc{File: d.Files.Name(f), Log: f.Log, Bytes: f.Size, AtLeast: f.AtLeast})
		}
	}
	return out
}

// RestoreSources lists the databases whose backup history live mode should
// read: for each RESTORE DATABASE of the scripts, the database a BACKUP of
// the scripts wrote to the same device, else the database it restores.
// Names are as written; unresolved names are left out.
func RestoreSources(scripts []*parser.Result) []string {
	written := map[string]parser.Name{}
	seen := map[string]bool{}
	var out []string
	add := func(n parser.Name) {
		if n.Unresolved || n.Value == "" || seen[n.Key()] {
			return
		}
		seen[n.Key()] = true
		out = append(out, n.Value)
	}
	for _, r := range scripts {
		for _, st := range r.Statements {
			switch n := st.Node.(type) {
			case *parser.Backup:
				if n.Log {
					continue
				}
				for _, t := range n.Targets {
					if k := deviceKey(t); k != "" {
						written[k] = n.Database
					}
				}
			case *parser.Restore:
				if !createsDatabase(n) {
					continue
				}
				src := n.Database
				for _, t := range n.Sources {
					if b, ok := written[deviceKey(t)]; ok && deviceKey(t) != "" {
						src = b
						break
					}
				}
				add(src)
			}
		}
	}
	sort.Strings(out)
	return out
}
