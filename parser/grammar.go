package parser

import (
	"io"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of the statements of interest. The splitter
// (split.go) finds where such a statement starts and bounds it; participle
// then parses only those tokens, fed by tokenLexer from the scanner's
// output, so the regular-expression lexer never runs on the hot path.
// Parse trees (g* types) are converted to the exported AST in ast.go.

// gName is a database, file, filegroup or device name. A reserved keyword
// is not a name unless quoted ([FILE]), but for CURRENT (ALTER DATABASE
// CURRENT) and PRIMARY (the primary filegroup). TAPE, URL and
// VIRTUAL_DEVICE are not reserved: a database may be named Tape or Url
// (CREATE DATABASE Url); followed by "=" they are a device's type, and
// where a device stands (gDevice) they are never a logical device's name.
type gName struct {
	Pos   lexer.Position
	Value string `parser:"(?! ('TAPE' | 'URL' | 'VIRTUAL_DEVICE') '=') @(Ident | Quoted | SqlcmdVar | Var | Template | 'CURRENT' | 'PRIMARY')"`
}

// gQualName is a possibly server-qualified name (AS COPY OF server.db).
type gQualName struct {
	Pos   lexer.Position
	Parts []*gName `parser:"@@ ('.' @@)*"`
}

// gArg is one token of a generic clause, or a balanced parenthesized group;
// not what starts the statement after one without a semicolon where the
// splitter did not stop (splitter.startsStatement): a label (name:), a
// parenthesized query, SEND ON CONVERSATION, GET or MOVE CONVERSATION,
// RECEIVE, ADD SIGNATURE or COUNTERSIGNATURE, DUMP or LOAD (reserved
// keywords: SQL Server 2000's BACKUP and RESTORE). The clauses of any words
// (gAny lists) stop there too.
type gArg struct {
	Group []*gAny `parser:"  (?! '(' ('SELECT' | 'WITH')) '(' @@* ')'"`
	Tok   string  `parser:"| (?! Ident ':' | 'SEND' 'ON' 'CONVERSATION' | ('GET' | 'MOVE') 'CONVERSATION' | 'RECEIVE' | 'DUMP' | 'LOAD' | 'ADD' ('SIGNATURE' | 'COUNTERSIGNATURE')) @(!('(' | ')' | ',' | ';' | 'WITH'))"`
}

// gAny is any token but a semicolon, parentheses kept balanced.
type gAny struct {
	Group []*gAny `parser:"  '(' @@* ')'"`
	Tok   string  `parser:"| @(!('(' | ')' | ';'))"`
}

// gOption is a generic NAME [= value | args...] option.
type gOption struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string  `parser:"@(Ident | Quoted)"`
	Args   []*gArg `parser:"@@*"`
	Tokens []lexer.Token
}

type gValue struct {
	Pos  lexer.Position
	Num  *string `parser:"(  @Number"`
	Unit *string `parser:"   @('KB' | 'MB' | 'GB' | 'TB' | '%')?"`
	Str  *string `parser:"| @(String | NString)"`
	// a sqlcmd variable or a placeholder may stand for the number alone,
	// its unit written after it: SIZE = ${size} MB, $(Size) MB
	Word *string `parser:"| @(Ident | Quoted | Var) | @(SqlcmdVar | Template) @('KB' | 'MB' | 'GB' | 'TB' | '%')? )"`
}

type gFileProp struct {
	Pos   lexer.Position
	Key   string  `parser:"@Ident"`
	Value *gValue `parser:"('=' @@)?"`
}

type gFileSpec struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Props  []*gFileProp `parser:"'(' (@@ (',' @@)* ','?)? ')'"`
}

type gFilegroupHead struct {
	Pos      lexer.Position
	Name     *gName  `parser:"'FILEGROUP' @@"`
	Contains *string `parser:"('CONTAINS' @('FILESTREAM' | 'MEMORY_OPTIMIZED_DATA'))?"`
	Default  bool    `parser:"@'DEFAULT'?"`
}

type gOnItem struct {
	FG   *gFilegroupHead `parser:"@@?"`
	File *gFileSpec      `parser:"@@"`
}

// gCOption is a CREATE DATABASE WITH option: NAME [= value] [( ... )],
// ON and OFF standing without '=' too (DB_CHAINING ON, LEDGER = ON).
type gCOption struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string  `parser:"@Ident"`
	Switch *string `parser:"(  '='? @('ON' | 'OFF')"`
	Value  *gValue `parser:" | '=' @@ )?"`
	Group  *gGroup `parser:"@@?"`
}

// gCreateClause is one clause of CREATE DATABASE. A collation, like a
// name, may be a placeholder replaced before the script runs (COLLATE
// ${collation}, <collation_name, sysname, ...>, $(Collation)). Its WITH options may
// stand in parentheses: Azure SQL Database documents AS COPY OF ... WITH
// (BACKUP_STORAGE_REDUNDANCY = 'LOCAL'), and Analytics Platform System
// CREATE DATABASE name WITH (LOG_SIZE = 100 GB, ...).
type gCreateClause struct {
	Pos         lexer.Position
	Containment *string      `parser:"  'CONTAINMENT' '=' @Ident"`
	Log         []*gFileSpec `parser:"| 'LOG' 'ON' @@ (',' @@)*"`
	OnPrimary   bool         `parser:"| 'ON' @'PRIMARY'?"`
	OnItems     []*gOnItem   `parser:"  @@ (',' @@)*"`
	Collate     *string      `parser:"| 'COLLATE' @(Ident | Quoted | SqlcmdVar | Template)"`
	With        []*gCOption  `parser:"| 'WITH' ( '(' @@ (',' @@)* ')' | @@ (',' @@)* )"`
	For         *string      `parser:"| 'FOR' @('ATTACH' | 'ATTACH_REBUILD_LOG' | 'ATTACH_FORCE_REBUILD_LOG')"`
	SnapshotOf  *gName       `parser:"| 'AS' ( 'SNAPSHOT' 'OF' @@"`
	CopyOf      *gQualName   `parser:"       | 'COPY' 'OF' @@ )"`
	Azure       []*gOption   `parser:"| '(' @@ (',' @@)* ')'"`
}

type gCreateDatabase struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Name    *gName           `parser:"'CREATE' 'DATABASE' @@"`
	Clauses []*gCreateClause `parser:"@@* ';'?"`
}

type gTermination struct {
	Pos      lexer.Position
	NoWait   bool    `parser:"  @'NO_WAIT'"`
	Rollback bool    `parser:"| @'ROLLBACK' ("`
	After    *string `parser:"    'AFTER' @Number 'SECONDS'?"`
	Imm      bool    `parser:"  | @'IMMEDIATE' )"`
}

// gSetOption is an ALTER DATABASE SET option: TARGET_RECOVERY_TIME in its
// documented form (= n SECONDS | MINUTES, the unit required), an option
// set ON or OFF, or any other option with its arguments. Its name may be
// a placeholder replaced before the script runs ($(Option), ${option},
// <option, sysname, AUTO_CLOSE>).
type gSetOption struct {
	Pos    lexer.Position
	EndPos lexer.Position
	TRT    *gTRT    `parser:"(  @@"`
	Name   string   `parser:"| (?! 'TARGET_RECOVERY_TIME') @(Ident | Quoted | SqlcmdVar | Template)"`
	Switch *gSwitch `parser:"  ( @@"`
	Args   []*gArg  `parser:"  | @@+ )? )"`
}

// gSwitch is [=] ON | OFF [( ... )]: no documented SET option has a word
// after ON or OFF, so one there is a missing comma (ANSI_NULLS ON
// ANSI_PADDING ON).
type gSwitch struct {
	Eq    bool    `parser:"@'='?"`
	Value string  `parser:"@('ON' | 'OFF')"`
	Group *gGroup `parser:"@@?"`
}

// gTRT is TARGET_RECOVERY_TIME = n SECONDS | MINUTES.
type gTRT struct {
	Name  string `parser:"@'TARGET_RECOVERY_TIME' '='"`
	Value string `parser:"@(Number | Var | SqlcmdVar)"`
	Unit  string `parser:"@('SECONDS' | 'MINUTES')"`
}

// gSet is the SET action's options and termination; the options may
// stand in parentheses, as Analytics Platform System documents (ALTER
// DATABASE CustomerSales SET ( AUTOGROW = ON )).
type gSet struct {
	Options     []*gSetOption `parser:"( '(' @@ (',' @@)* ')' | @@ (',' @@)* )"`
	Termination *gTermination `parser:"('WITH' @@)?"`
}

type gAddFile struct {
	Files     []*gFileSpec `parser:"@@ (',' @@)*"`
	Filegroup *gName       `parser:"('TO' 'FILEGROUP' @@)?"`
}

type gFGDef struct {
	Name     *gName  `parser:"@@"`
	Contains *string `parser:"('CONTAINS' @('FILESTREAM' | 'MEMORY_OPTIMIZED_DATA'))?"`
}

type gAdd struct {
	Log  []*gFileSpec `parser:"  'LOG' 'FILE' @@ (',' @@)*"`
	File *gAddFile    `parser:"| 'FILE' @@"`
	FG   *gFGDef      `parser:"| 'FILEGROUP' @@"`
	Args []*gAny      `parser:"| (?= 'SECONDARY') ((?! Ident ':' | '(' ('SELECT' | 'WITH') | 'SEND' 'ON' 'CONVERSATION' | ('GET' | 'MOVE') 'CONVERSATION' | 'RECEIVE' | 'DUMP' | 'LOAD' | 'ADD' ('SIGNATURE' | 'COUNTERSIGNATURE')) @@)+"`
}

type gRemove struct {
	File *gName  `parser:"  'FILE' @@"`
	FG   *gName  `parser:"| 'FILEGROUP' @@"`
	Args []*gAny `parser:"| (?= 'SECONDARY') ((?! Ident ':' | '(' ('SELECT' | 'WITH') | 'SEND' 'ON' 'CONVERSATION' | ('GET' | 'MOVE') 'CONVERSATION' | 'RECEIVE' | 'DUMP' | 'LOAD' | 'ADD' ('SIGNATURE' | 'COUNTERSIGNATURE')) @@)+"`
}

type gModifyFG struct {
	Name *gName  `parser:"@@"`
	Args []*gAny `parser:"((?! Ident ':' | '(' ('SELECT' | 'WITH') | 'SEND' 'ON' 'CONVERSATION' | ('GET' | 'MOVE') 'CONVERSATION' | 'RECEIVE' | 'DUMP' | 'LOAD' | 'ADD' ('SIGNATURE' | 'COUNTERSIGNATURE')) @@)*"`
}

type gModify struct {
	File *gFileSpec `parser:"  'FILE' @@"`
	FG   *gModifyFG `parser:"| 'FILEGROUP' @@"`
	Name *gName     `parser:"| 'NAME' '=' @@"`
	Args []*gAny    `parser:"| (?= '(' | 'BACKUP_STORAGE_REDUNDANCY') ((?! Ident ':' | '(' ('SELECT' | 'WITH') | 'SEND' 'ON' 'CONVERSATION' | ('GET' | 'MOVE') 'CONVERSATION' | 'RECEIVE' | 'DUMP' | 'LOAD' | 'ADD' ('SIGNATURE' | 'COUNTERSIGNATURE')) @@)+"`
}

// gAlterAction is the action of ALTER DATABASE. The modelled actions follow
// their documented syntax; the catch-alls (gAny+) take the actions sqllint
// does not model (ADD SECONDARY ON SERVER, MODIFY (SERVICE_OBJECTIVE = ...),
// FAILOVER, FOR SECONDARY SET QUERY_STORE...), never a modelled keyword whose syntax is broken.
// An action that starts with another word is SQL Server's syntax error
// (a word misspelt, WITH ROLLBACK before SET): Other takes only the
// documented ones (SQL Server's, Azure SQL Database's: FAILOVER,
// FORCE_FAILOVER_ALLOW_DATA_LOSS, PERFORM_CUTOVER, FOR SECONDARY SET, and
// the REBUILD LOG DBAs run on a database whose log is lost), so that a
// name the scanner could not read whole (db_{x}) is not taken for one
// either.
type gAlterAction struct {
	Pos     lexer.Position
	Add     *gAdd    `parser:"  'ADD' @@"`
	Remove  *gRemove `parser:"| 'REMOVE' @@"`
	Modify  *gModify `parser:"| 'MODIFY' @@"`
	Collate *string  `parser:"| 'COLLATE' @(Ident | Quoted | SqlcmdVar | Template)"`
	Set     *gSet    `parser:"| 'SET' @@"`
	Other   []*gAny  `parser:"| (?= 'FAILOVER' | 'FORCE_FAILOVER_ALLOW_DATA_LOSS' | 'PERFORM_CUTOVER' | 'REBUILD' 'LOG' | 'FOR' 'SECONDARY') ((?! Ident ':' | '(' ('SELECT' | 'WITH') | 'SEND' 'ON' 'CONVERSATION' | ('GET' | 'MOVE') 'CONVERSATION' | 'RECEIVE' | 'DUMP' | 'LOAD' | 'ADD' ('SIGNATURE' | 'COUNTERSIGNATURE')) @@)+"`
}

type gAlterDatabase struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   *gName        `parser:"'ALTER' 'DATABASE' @@"`
	Action *gAlterAction `parser:"@@ ';'?"`
}

type gDropDatabase struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	IfExists bool     `parser:"'DROP' 'DATABASE' (@'IF' 'EXISTS')?"`
	Names    []*gName `parser:"@@ (',' @@)* ';'?"`
}

type gCheckpoint struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Duration *gDuration `parser:"'CHECKPOINT' @@? ';'?"`
}

type gDuration struct {
	Pos   lexer.Position
	Value string `parser:"@(Number | Var | SqlcmdVar)"`
}

// gBackupItem is FILE | FILEGROUP | PAGE = value, or = (value, ...).
type gBackupItem struct {
	Pos   lexer.Position
	Key   string    `parser:"@('FILE' | 'FILEGROUP' | 'PAGE') '='"`
	Value *gValue   `parser:"(  @@"`
	List  []*gValue `parser:" | '(' @@ (',' @@)* ')' )"`
}

// gDevice is a backup device: DISK, TAPE, URL or VIRTUAL_DEVICE = value
// (VIRTUAL_DEVICE = 'name' is the device of a Virtual Device Interface
// client, which SQL Server's own T-SQL parser, ScriptDom, reads as
// BACKUP's and RESTORE's fourth device type), RESTORE's DATABASE_SNAPSHOT
// = value, or a logical device's name.
type gDevice struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Type   string  `parser:"(  @('DISK' | 'TAPE' | 'URL' | 'VIRTUAL_DEVICE' | 'DATABASE_SNAPSHOT')"`
	Value  *gValue `parser:"   '=' @@"`
	Name   *gName  `parser:"| (?! 'TAPE' | 'URL' | 'VIRTUAL_DEVICE') @@ )"`
}

type gMirror struct {
	Devices []*gDevice `parser:"'MIRROR' 'TO' @@ (',' @@)*"`
}

// gBackup is BACKUP DATABASE | LOG name [files] TO devices [MIRROR TO
// devices]... [WITH options]: TO is required. The options may stand in
// parentheses, as Analytics Platform System documents for BACKUP and
// RESTORE (WITH (DIFFERENTIAL, DESCRIPTION = '...'), WITH (BASE = '...')).
type gBackup struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	What    string       `parser:"'BACKUP' @('DATABASE' | 'LOG')"`
	Name    *gName       `parser:"@@"`
	Items   []*gFileItem `parser:"(@@ (',' @@)*)?"`
	Devices []*gDevice   `parser:"'TO' @@ (',' @@)*"`
	Mirrors []*gMirror   `parser:"@@*"`
	Options []*gBOption  `parser:"('WITH' ( '(' @@ (',' @@)* ')' | @@ (',' @@)* ))? ';'?"`
}

// gRestore is RESTORE DATABASE | LOG, or one of the RESTORE forms that
// only read a backup (FILELISTONLY, HEADERONLY, VERIFYONLY, LABELONLY,
// REWINDONLY), which name no database and require FROM.
type gRestore struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Target  *gRestoreTarget `parser:"'RESTORE' ( @@"`
	Only    *gRestoreOnly   `parser:"          | @@ )"`
	Options []*gBOption     `parser:"('WITH' ( '(' @@ (',' @@)* ')' | @@ (',' @@)* ))? ';'?"`
}

// gRestoreTarget is the DATABASE | LOG name [files] [FROM devices] part.
type gRestoreTarget struct {
	What    string       `parser:"@('DATABASE' | 'LOG')"`
	Name    *gName       `parser:"@@"`
	Items   []*gFileItem `parser:"(@@ (',' @@)*)?"`
	Devices []*gDevice   `parser:"('FROM' @@ (',' @@)*)?"`
}

// gFileItem is FILE | FILEGROUP | PAGE = value, or READ_WRITE_FILEGROUPS.
type gFileItem struct {
	RWFG bool         `parser:"  @'READ_WRITE_FILEGROUPS'"`
	Item *gBackupItem `parser:"| @@"`
}

// gRestoreOnly is FILELISTONLY | HEADERONLY | ... FROM devices.
type gRestoreOnly struct {
	What    string     `parser:"@('FILELISTONLY' | 'HEADERONLY' | 'VERIFYONLY' | 'LABELONLY' | 'REWINDONLY')"`
	Devices []*gDevice `parser:"'FROM' @@ (',' @@)*"`
}

// gBOption is one WITH option of BACKUP or RESTORE, in one of the shapes
// Microsoft documents: MOVE value TO value, or NAME [= value [AFTER
// value]] [( ... )]. Options are separated by commas: two words in a row
// are not an option. COMPRESSION ALGORITHM = name is BACKUP's syntax
// block's form of COMPRESSION (ALGORITHM = name).
type gBOption struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Move   *gMove  `parser:"(  @@"`
	Algo   *gValue `parser:"| (?= 'COMPRESSION' 'ALGORITHM' '=') 'COMPRESSION' 'ALGORITHM' '=' @@"`
	Name   string  `parser:"| (?! 'MOVE') @(Ident | Quoted | 'FILE')"`
	Value  *gValue `parser:"  ('=' @@"`
	After  *gValue `parser:"   ('AFTER' @@)? )?"`
	Group  *gGroup `parser:"  @@? )"`
}

// gMove is MOVE 'logical_file_name' TO 'operating_system_file_name'.
type gMove struct {
	Logical  *gValue `parser:"'MOVE' @@"`
	Physical *gValue `parser:"'TO' @@"`
}

// gGroup is a balanced parenthesized group, not a parenthesized query
// (the statement after, as for gArg).
type gGroup struct {
	Open  bool    `parser:"(?! '(' ('SELECT' | 'WITH')) @'('"`
	Items []*gAny `parser:"@@* ')'"`
}

type gTraceFlag struct {
	Pos   lexer.Position
	Minus bool    `parser:"@'-'?"`
	Num   *string `parser:"( @Number"`
	Var   *string `parser:"| @(Var | SqlcmdVar) )"`
}

type gDBCC struct {
	Pos        lexer.Position
	EndPos     lexer.Position
	Cmd        string        `parser:"'DBCC' @('TRACEON' | 'TRACEOFF')"`
	Flags      []*gTraceFlag `parser:"('(' @@ (',' @@)* ')')?"`
	NoInfoMsgs bool          `parser:"('WITH' @'NO_INFOMSGS')? ';'?"`
}

type gUse struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   *gName `parser:"'USE' @@ ';'?"`
}

// tokenLexer feeds participle with tokens the scanner already found.
type tokenLexer struct {
	text string
	toks []Token
	i    int
}

// participle token types, one per TokKind (participle reserves negative
// numbers, EOF is -1).
var symbols = map[string]lexer.TokenType{
	"Reserved":  tokReserved,
	"EOF":       lexer.EOF,
	"Ident":     lexer.TokenType(TokIdent),
	"Quoted":    lexer.TokenType(TokQuoted),
	"String":    lexer.TokenType(TokString),
	"NString":   lexer.TokenType(TokNString),
	"Number":    lexer.TokenType(TokNumber),
	"Var":       lexer.TokenType(TokVar),
	"SqlcmdVar": lexer.TokenType(TokSqlcmdVar),
	"Template":  lexer.TokenType(TokTemplate),
	"Punct":     lexer.TokenType(TokPunct),
}

// tokReserved is the participle token type of a reserved keyword: the
// scanner's TokIdent, told apart so that the grammar's Ident (a name or a
// value) never matches one. Literals ('WITH') match both.
const tokReserved = lexer.TokenType(100)

// reservedWords are Transact-SQL's reserved keywords ("Reserved Keywords
// (Transact-SQL)", Microsoft Learn): a script can use one as a name or a
// value only quoted.
var reservedWords = strings.Fields(`ADD ALL ALTER AND ANY AS ASC AUTHORIZATION BACKUP BEGIN BETWEEN BREAK
		BROWSE BULK BY CASCADE CASE CHECK CHECKPOINT CLOSE CLUSTERED COALESCE COLLATE COLUMN COMMIT
		COMPUTE CONSTRAINT CONTAINS CONTAINSTABLE CONTINUE CONVERT CREATE CROSS CURRENT CURRENT_DATE
		CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER CURSOR DATABASE DBCC DEALLOCATE DECLARE DEFAULT
		DELETE DENY DESC DISK DISTINCT DISTRIBUTED DOUBLE DROP DUMP ELSE END ERRLVL ESCAPE EXCEPT
		EXEC EXECUTE EXISTS EXIT EXTERNAL FETCH FILE FILLFACTOR FOR FOREIGN FREETEXT FREETEXTTABLE
		FROM FULL FUNCTION GOTO GRANT GROUP HAVING HOLDLOCK IDENTITY IDENTITY_INSERT IDENTITYCOL IF
		IN INDEX INNER INSERT INTERSECT INTO IS JOIN KEY KILL LEFT LIKE LINENO LOAD MERGE NATIONAL
		NOCHECK NONCLUSTERED NOT NULL NULLIF OF OFF OFFSETS ON OPEN OPENDATASOURCE OPENQUERY
		OPENROWSET OPENXML OPTION OR ORDER OUTER OVER PERCENT PIVOT PLAN PRECISION PRIMARY PRINT
		PROC PROCEDURE PUBLIC RAISERROR READ READTEXT RECONFIGURE REFERENCES REPLICATION RESTORE
		RESTRICT RETURN REVERT REVOKE RIGHT ROLLBACK ROWCOUNT ROWGUIDCOL RULE SAVE SCHEMA
		SECURITYAUDIT SELECT SEMANTICKEYPHRASETABLE SEMANTICSIMILARITYDETAILSTABLE
		SEMANTICSIMILARITYTABLE SESSION_USER SET SETUSER SHUTDOWN SOME STATISTICS SYSTEM_USER TABLE
		TABLESAMPLE TEXTSIZE THEN TO TOP TRAN TRANSACTION TRIGGER TRUNCATE TRY_CONVERT TSEQUAL UNION
		UNIQUE UNPIVOT UPDATE UPDATETEXT USE USER VALUES VARYING VIEW WAITFOR WHEN WHERE WHILE WITH
		WRITETEXT`)

// reservedTable buckets reservedWords by length and three letters, so that
// reserved, which the fast path calls for most words it reads, neither
// allocates nor hashes a string.
var reservedTable [512][]string

func reservedHash(n int, a, b, c byte) int {
	return (n*131 + int(a)*31 + int(b)*7 + int(c)) & (len(reservedTable) - 1)
}

func init() {
	for _, w := range reservedWords {
		h := reservedHash(len(w), w[0], w[1], w[len(w)-1])
		reservedTable[h] = append(reservedTable[h], w)
	}
}

// reserved reports whether the word w is a reserved keyword (ASCII case
// folded, as SQL Server does for keywords).
func reserved(w string) bool {
	n := len(w)
	if n < 2 || n > 30 {
		return false
	}
	for _, r := range reservedTable[reservedHash(n, upper(w[0]), upper(w[1]), upper(w[n-1]))] {
		if len(r) != n {
			continue
		}
		i := 0
		for i < n && upper(w[i]) == r[i] {
			i++
		}
		if i == n {
			return true
		}
	}
	return false
}

type tokenDefinition struct{}

func (tokenDefinition) Symbols() map[string]lexer.TokenType { return symbols }

func (tokenDefinition) Lex(string, io.Reader) (lexer.Lexer, error) {
	panic("parser: tokenDefinition is fed by the scanner, not by a reader")
}

func (l *tokenLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		off := len(l.text)
		if len(l.toks) > 0 {
			off = int(l.toks[len(l.toks)-1].End)
		}
		return lexer.EOFToken(lexer.Position{Offset: off}), nil
	}
	t := l.toks[l.i]
	l.i++
	typ := lexer.TokenType(t.Kind)
	if t.Kind == TokIdent && reserved(l.text[t.Start:t.End]) {
		typ = tokReserved
	}
	return lexer.Token{
		Type:  typ,
		Value: l.text[t.Start:t.End],
		Pos:   lexer.Position{Offset: int(t.Start)},
	}, nil
}

func build[G any]() *participle.Parser[G] {
	return participle.MustBuild[G](
		participle.Lexer(tokenDefinition{}),
		participle.CaseInsensitive("Ident", "Reserved"),
		participle.UseLookahead(1),
	)
}

// The parsers are built on first use: most runs never need one (the fast
// path reads their statements), and building them all took 3 ms and 2 MB
// at every start of the process, before the first file was read.
var (
	createParser     = sync.OnceValue(build[gCreateDatabase])
	alterParser      = sync.OnceValue(build[gAlterDatabase])
	dropParser       = sync.OnceValue(build[gDropDatabase])
	checkpointParser = sync.OnceValue(build[gCheckpoint])
	backupParser     = sync.OnceValue(build[gBackup])
	restoreParser    = sync.OnceValue(build[gRestore])
	dbccParser       = sync.OnceValue(build[gDBCC])
	useParser        = sync.OnceValue(build[gUse])
)

// parseTokens runs parser p over toks and returns the tree and the number
// of tokens it consumed.
func parseTokens[G any](p *participle.Parser[G], text string, toks []Token) (*G, int, error) {
	lx, err := lexer.Upgrade(&tokenLexer{text: text, toks: toks})
	if err != nil {
		return nil, 0, err
	}
	g, err := p.ParseFromLexer(lx, participle.AllowTrailing(true))
	return g, lx.Cursor(), err
}

// strictError runs parser p over all of toks, trailing tokens refused, and
// returns participle's error: what it expected where the statement went
// wrong.
func strictError[G any](p *participle.Parser[G], text string, toks []Token) error {
	lx, err := lexer.Upgrade(&tokenLexer{text: text, toks: toks})
	if err != nil {
		return err
	}
	_, err = p.ParseFromLexer(lx)
	return err
}
