package parser

import (
	"math"
	"strconv"
	"strings"
)

// Kind is the kind of a statement. Statements of interest have one of the
// named kinds; every other statement is KindOther.
type Kind uint8

// Statement kinds.
const (
	KindOther Kind = iota
	KindCreateDatabase
	KindAlterDatabase
	KindDropDatabase
	KindCheckpoint
	KindBackupDatabase
	KindBackupLog
	KindRestoreDatabase
	KindRestoreLog
	KindDBCCTraceOn
	KindDBCCTraceOff
	KindUse
	// KindRestoreOnly is RESTORE FILELISTONLY | HEADERONLY | VERIFYONLY |
	// LABELONLY | REWINDONLY: it reads a backup and restores nothing.
	KindRestoreOnly
)

var kindNames = [...]string{
	KindOther: "other", KindCreateDatabase: "create_database", KindAlterDatabase: "alter_database",
	KindDropDatabase: "drop_database", KindCheckpoint: "checkpoint", KindBackupDatabase: "backup_database",
	KindBackupLog: "backup_log", KindRestoreDatabase: "restore_database", KindRestoreLog: "restore_log",
	KindDBCCTraceOn: "dbcc_traceon", KindDBCCTraceOff: "dbcc_traceoff", KindUse: "use",
	KindRestoreOnly: "restore_only",
}

// String is the kind as `sqllint parse` prints it ("create_database").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Statement is one statement of a batch. Statements of interest carry
// their parsed form in Node; every other statement carries only its
// leading keyword and text, which is what rules need to reason about the
// statement stream (what comes between a CHECKPOINT and a BACKUP, string
// literals inside WHILE loops).
//
// Statements are many (one per statement of every script), so they hold
// only offsets; Span and Keyword are derived when asked for.
type Statement struct {
	Batch *Batch
	// Node is the parsed statement of interest: *CreateDatabase,
	// *AlterDatabase, *DropDatabase, *Checkpoint, *Backup, *Restore,
	// *TraceFlags or *Use; nil for other statements.
	Node   Node
	Start  int  // offset of the first token in Batch.Text
	End    int  // offset after the last token in Batch.Text
	Kind   Kind //
	InLoop bool // inside the body of a WHILE loop
	// InModule is set in a batch that creates or alters a procedure,
	// function or trigger: the body, to the end of the batch, runs when
	// the module is called, not when the script runs.
	InModule bool
	// Body is set on the whole body of an IF, ELSE or WHILE and on the
	// only statement of a BEGIN ... END or TRY/CATCH block: the script
	// does not stay the same without it.
	Body bool
	// CatchEnd is set on a BEGIN CATCH: the offset in Batch.Text after
	// the END of the END CATCH that closes its block (0 when the split
	// did not reach it). When the TRY block before it completes, the
	// statement after that END runs next. It is set so on the ELSE of an
	// IF too, the offset where the IF ends (its ELSE arm's last statement
	// ends before it): when the THEN arm completes, what follows the IF
	// runs next.
	CatchEnd int32
	// Dynamic is what an ordinary statement does with dynamic SQL (the
	// variables it assigns, the text it runs), recorded while splitting;
	// nil for most statements.
	Dynamic *Dynamic
}

// Span is the statement's range in its file.
func (s *Statement) Span() Span { return s.Batch.Span(s.Start, s.End) }

// Keyword is the statement's leading keyword, upper-case ("SELECT").
func (s *Statement) Keyword() string {
	t := s.Batch.Text
	end := s.Start
	for end < s.End && identCont[t[end]] {
		end++
	}
	return keywordName(t[s.Start:end])
}

// Node is the parsed form of a statement of interest.
type Node interface{ node() }

func (*CreateDatabase) node() {}
func (*AlterDatabase) node()  {}
func (*DropDatabase) node()   {}
func (*Checkpoint) node()     {}
func (*Backup) node()         {}
func (*Restore) node()        {}
func (*TraceFlags) node()     {}
func (*Use) node()            {}

// Text is the statement's text as the server would receive it.
func (s *Statement) Text() string { return s.Batch.Text[s.Start:s.End] }

// Tokens scans the statement again and returns its tokens, with offsets in
// Batch.Text. Statements do not keep their tokens: most are never looked
// at again, and rescanning one is cheap.
func (s *Statement) Tokens() []Token {
	var sc Scanner
	toks := sc.Scan(s.Text())
	for i := range toks {
		toks[i].Start += int32(s.Start)
		toks[i].End += int32(s.Start)
	}
	return toks
}

// TokenText returns the text of one of the statement's tokens.
func (s *Statement) TokenText(t Token) string { return s.Batch.Text[t.Start:t.End] }

// Database returns the database the statement names, if any.
func (s *Statement) Database() *Name {
	switch n := s.Node.(type) {
	case *CreateDatabase:
		return &n.Database
	case *AlterDatabase:
		return &n.Database
	case *Backup:
		return &n.Database
	case *Restore:
		if n.Only != "" {
			return nil // reads a backup, restores no database
		}
		return &n.Database
	case *Use:
		return &n.Database
	}
	return nil
}

// Name is a database, file or filegroup name.
type Name struct {
	Value string `json:"name"` // unquoted: [a]]b] is a]b
	Raw   string `json:"raw"`  // as written, after sqlcmd substitution
	// Unresolved is true when the name is an undefined $(var), an
	// @variable or an SSMS template parameter: its value is not known
	// before run time and Raw is the key.
	Unresolved bool `json:"unresolved,omitempty"`
	Span       Span `json:"-"`
}

// Key is the name's identity for the database model: case-insensitive
// value, or the raw text when unresolved.
func (n Name) Key() string {
	if n.Unresolved {
		return n.Raw
	}
	return strings.ToLower(n.Value)
}

// Size is a file size, maximum size or growth.
type Size struct {
	Bytes     int64  `json:"bytes,omitempty"`
	Percent   int64  `json:"percent,omitempty"`
	Unlimited bool   `json:"unlimited,omitempty"`
	Unknown   bool   `json:"unknown,omitempty"` // a variable or an unparsable value
	Raw       string `json:"raw"`
}

// FileSpec is one file of CREATE DATABASE or ALTER DATABASE ADD/MODIFY FILE.
type FileSpec struct {
	Name      string `json:"name,omitempty"`
	NewName   string `json:"new_name,omitempty"`
	FileName  string `json:"filename,omitempty"`
	Size      *Size  `json:"size,omitempty"`
	MaxSize   *Size  `json:"maxsize,omitempty"`
	Growth    *Size  `json:"filegrowth,omitempty"`
	Offline   bool   `json:"offline,omitempty"`
	Log       bool   `json:"log"`
	Filegroup string `json:"filegroup,omitempty"` // data files: the filegroup ("PRIMARY" when none is named)
	Span      Span   `json:"-"`
}

// Filegroup is a filegroup declared by CREATE DATABASE or ALTER DATABASE.
type Filegroup struct {
	Name     string `json:"name"`
	Contains string `json:"contains,omitempty"` // FILESTREAM or MEMORY_OPTIMIZED_DATA
	Default  bool   `json:"default,omitempty"`
	Span     Span   `json:"-"`
}

// Option is a generic NAME [= value] option; Value is the rest of the
// option's text with single spaces.
type Option struct {
	Name  string `json:"name"` // upper-case
	Value string `json:"value,omitempty"`
	Span  Span   `json:"-"`
}

// CreateDatabase is CREATE DATABASE.
type CreateDatabase struct {
	Database    Name        `json:"-"`
	Containment string      `json:"containment,omitempty"`
	Files       []FileSpec  `json:"files"`
	Filegroups  []Filegroup `json:"filegroups"`
	Collation   string      `json:"collation,omitempty"`
	Options     []Option    `json:"options,omitempty"`
	Attach      string      `json:"for,omitempty"` // ATTACH, ATTACH_REBUILD_LOG or ATTACH_FORCE_REBUILD_LOG
	SnapshotOf  string      `json:"snapshot_of,omitempty"`
	CopyOf      string      `json:"copy_of,omitempty"`
	Azure       []Option    `json:"azure_options,omitempty"`
	// LogSpan is the LOG ON clause ("LOG" to the end of its last file).
	LogSpan Span `json:"-"`
}

// AlterAction is the action of an ALTER DATABASE. It is a byte, not its
// name, so that it packs with Current: an AlterDatabase is then 256 bytes,
// a size class below the 288 it took as a string, and a dense script has
// thousands. It prints and marshals as its name ("add_file"); the zero
// value's name is "".
type AlterAction uint8

// Alter actions.
const (
	ActionAddFile AlterAction = iota + 1
	ActionAddLogFile
	ActionRemoveFile
	ActionModifyFile
	ActionAddFilegroup
	ActionRemoveFilegroup
	ActionModifyFilegroup
	ActionModifyName
	ActionCollate
	ActionSet
	ActionOther
)

var alterActionNames = [...]string{
	ActionAddFile: "add_file", ActionAddLogFile: "add_log_file", ActionRemoveFile: "remove_file",
	ActionModifyFile: "modify_file", ActionAddFilegroup: "add_filegroup", ActionRemoveFilegroup: "remove_filegroup",
	ActionModifyFilegroup: "modify_filegroup", ActionModifyName: "modify_name", ActionCollate: "collate",
	ActionSet: "set", ActionOther: "other",
}

// String is the action's name ("add_file"), "" for the zero value.
func (a AlterAction) String() string {
	if int(a) < len(alterActionNames) {
		return alterActionNames[a]
	}
	return "unknown"
}

// MarshalText writes the action's name.
func (a AlterAction) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// AlterDatabase is ALTER DATABASE name|CURRENT with one action.
type AlterDatabase struct {
	Database       Name        `json:"-"`
	Current        bool        `json:"current,omitempty"`
	Action         AlterAction `json:"action"`
	ActionSpan     Span        `json:"-"` // from the action's first token (ADD, MODIFY, SET, ...) to the statement's end
	Files          []FileSpec  `json:"files,omitempty"`
	Filegroup      *Filegroup  `json:"filegroup,omitempty"`    // TO FILEGROUP, or the filegroup added, removed or modified
	FileName       string      `json:"removed_file,omitempty"` // REMOVE FILE name (not "file": the statement's path has that key)
	NewName        string      `json:"new_name,omitempty"`     // MODIFY NAME = new
	Collation      string      `json:"collation,omitempty"`
	Options        []Option    `json:"options,omitempty"` // SET options, or the words of an unmodelled action
	TargetRecovery *Duration   `json:"target_recovery_time,omitempty"`
	Encryption     string      `json:"encryption,omitempty"`  // SET ENCRYPTION ON|OFF|SUSPEND|RESUME
	Termination    string      `json:"termination,omitempty"` // WITH NO_WAIT | ROLLBACK IMMEDIATE | ROLLBACK AFTER n
}

// Duration is a TARGET_RECOVERY_TIME value.
type Duration struct {
	Seconds int64  `json:"seconds"`
	Raw     string `json:"raw"`
	Known   bool   `json:"-"`
	// Span covers the option: TARGET_RECOVERY_TIME = n UNIT.
	Span Span `json:"-"`
	// ClauseSpan starts at SET when the option is the first of the list,
	// else at the option itself.
	ClauseSpan Span `json:"-"`
}

// DropDatabase is DROP DATABASE [IF EXISTS] a [, b].
type DropDatabase struct {
	IfExists  bool   `json:"if_exists,omitempty"`
	Databases []Name `json:"databases"`
}

// Checkpoint is CHECKPOINT [duration].
type Checkpoint struct {
	Duration     *int64 `json:"duration,omitempty"` // seconds; nil when absent or not a number
	DurationRaw  string `json:"duration_raw,omitempty"`
	DurationSpan Span   `json:"-"`
}

// Target is a backup or restore device.
type Target struct {
	Type   string `json:"type"` // DISK, TAPE, URL, VIRTUAL_DEVICE, DATABASE_SNAPSHOT, or DEVICE for a logical device name
	Value  string `json:"value"`
	Mirror bool   `json:"mirror,omitempty"`
	Known  bool   `json:"-"` // Value is a literal (not a variable)
	// OnNul is set by the model on a DEVICE that sp_addumpdevice added on
	// the null device (DumpDevice) before the BACKUP
	OnNul bool `json:"-"`
	Span  Span `json:"-"`
}

// Backup is BACKUP DATABASE | LOG.
type Backup struct {
	Log                 bool     `json:"-"`
	Database            Name     `json:"-"`
	Files               []Option `json:"files,omitempty"` // FILE = / FILEGROUP = / PAGE =
	ReadWriteFilegroups bool     `json:"read_write_filegroups,omitempty"`
	Targets             []Target `json:"targets"`
	Options             []Option `json:"options,omitempty"`
}

// HasOption reports whether the backup has WITH option name (upper-case).
func (b *Backup) HasOption(name string) bool { return hasOption(b.Options, name) }

// Restore is RESTORE DATABASE | LOG, and the RESTORE forms that only read
// a backup (FILELISTONLY, HEADERONLY, VERIFYONLY, LABELONLY): those name
// no database to restore and allocate nothing.
type Restore struct {
	Log      bool     `json:"-"`
	Only     string   `json:"only,omitempty"` // FILELISTONLY, HEADERONLY, VERIFYONLY, LABELONLY, REWINDONLY; "" for DATABASE and LOG
	Database Name     `json:"-"`
	Files    []Option `json:"files,omitempty"`
	Sources  []Target `json:"sources,omitempty"`
	Options  []Option `json:"options,omitempty"`
	// Moves are the WITH MOVE 'logical' TO 'physical' options, in order.
	Moves []Move `json:"moves,omitempty"`
	// Replace is WITH REPLACE.
	Replace bool `json:"replace,omitempty"`
}

// Move is one WITH MOVE 'logical_file_name' TO 'operating_system_file_name'
// of a RESTORE.
type Move struct {
	Logical  string `json:"logical"`
	Physical string `json:"physical"`
	Known    bool   `json:"-"` // both are literals, not variables
	Span     Span   `json:"-"` // from MOVE to the end of the physical name
}

// TraceFlags is DBCC TRACEON | TRACEOFF.
type TraceFlags struct {
	On         bool     `json:"-"`
	Flags      []int    `json:"trace_flags"`
	Global     bool     `json:"global,omitempty"` // -1 among the arguments
	Unresolved []string `json:"unresolved,omitempty"`
	NoInfoMsgs bool     `json:"no_infomsgs,omitempty"`
}

// Use is USE database.
type Use struct {
	Database Name `json:"-"`
}

func hasOption(opts []Option, name string) bool {
	for _, o := range opts {
		if o.Name == name {
			return true
		}
	}
	return false
}

// ParseSize converts a size value (number and optional unit) to bytes. No
// unit means MB, as in CREATE/ALTER DATABASE.
func ParseSize(num, unit string) (Size, bool) {
	raw := num + unit
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) {
		return Size{Raw: raw, Unknown: true}, false
	}
	mult := float64(1 << 20)
	switch strings.ToUpper(unit) {
	case "KB":
		mult = 1 << 10
	case "GB":
		mult = 1 << 30
	case "TB":
		mult = 1 << 40
	case "%":
		if f > math.MaxInt32 {
			return Size{Raw: raw, Unknown: true}, false
		}
		return Size{Percent: int64(f), Raw: raw}, true
	}
	b := f * mult
	if b > math.MaxInt64/2 {
		return Size{Raw: raw, Unknown: true}, false
	}
	return Size{Bytes: int64(b), Raw: raw}, true
}

// Unquote returns the value of an identifier token: [a]]b] is a]b, "a""b"
// is a"b; anything else is returned as is.
func Unquote(s string) string {
	if len(s) >= 2 {
		switch {
		case s[0] == '[' && s[len(s)-1] == ']':
			return unDouble(s[1:len(s)-1], ']')
		case s[0] == '"' && s[len(s)-1] == '"':
			return unDouble(s[1:len(s)-1], '"')
		}
	}
	if len(s) >= 1 && s[0] == '[' {
		return s[1:] // unterminated
	}
	return s
}

// StringValue returns the value of a string literal token: 'it”s' and
// N'it”s' are it's.
func StringValue(s string) string {
	if len(s) > 0 && (s[0] == 'N' || s[0] == 'n') {
		s = s[1:]
	}
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return unDouble(s[1:len(s)-1], '\'')
	}
	if len(s) >= 1 && s[0] == '\'' {
		return s[1:]
	}
	return s
}

// unDouble is strings.ReplaceAll(s, qq, q) for the quote q written
// twice, qq: most names and strings hold no quote, told by one
// IndexByte, where ReplaceAll counts the pairs first (its Count of a
// two-byte string was most of what a name's or a value's unquoting cost).
func unDouble(s string, q byte) string {
	if strings.IndexByte(s, q) < 0 {
		return s
	}
	switch q {
	case '\'':
		return strings.ReplaceAll(s, "''", "'")
	case ']':
		return strings.ReplaceAll(s, "]]", "]")
	}
	return strings.ReplaceAll(s, `""`, `"`)
}
