package parser

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of the statements of interest. The splitter
// (split.go) finds where such a statement starts and bounds it; participle
// then parses only those tokens, fed by tokenLexer from the scanner's
// output, so the regular-expression lexer never runs on the hot path.
// Parse trees (g* types) are converted to the exported AST in ast.go.

type gName struct {
	Pos   lexer.Position
	Value string `parser:"(?! 'TO' | 'FROM' | 'WITH' | 'ON' | 'SET' | 'ADD' | 'FILE' | 'DISK' | 'FOR' | 'AS' | 'COLLATE' | 'IF' | 'SELECT' | 'WHERE' | 'TAPE' | 'URL') @(Ident | Quoted | SqlcmdVar | Var | Template)"`
}

// gQualName is a possibly server-qualified name (AS COPY OF server.db).
type gQualName struct {
	Pos   lexer.Position
	Parts []*gName `parser:"@@ ('.' @@)*"`
}

// gArg is one token of a generic clause, or a balanced parenthesized group.
type gArg struct {
	Group []*gAny `parser:"  '(' @@* ')'"`
	Tok   string  `parser:"| @(!('(' | ')' | ',' | ';' | 'WITH'))"`
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
	Word *string `parser:"| @(Ident | Quoted | SqlcmdVar | Var | Template) )"`
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

type gCreateClause struct {
	Pos         lexer.Position
	Containment *string      `parser:"  'CONTAINMENT' '=' @Ident"`
	Log         []*gFileSpec `parser:"| 'LOG' 'ON' @@ (',' @@)*"`
	OnPrimary   bool         `parser:"| 'ON' @'PRIMARY'?"`
	OnItems     []*gOnItem   `parser:"  @@ (',' @@)*"`
	Collate     *string      `parser:"| 'COLLATE' @(Ident | Quoted)"`
	With        []*gOption   `parser:"| 'WITH' @@ (',' @@)*"`
	For         *string      `parser:"| 'FOR' @('ATTACH' | 'ATTACH_REBUILD_LOG')"`
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

type gSet struct {
	Options     []*gOption    `parser:"@@ (',' @@)*"`
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
	Args []*gAny      `parser:"| @@+"`
}

type gRemove struct {
	File *gName  `parser:"  'FILE' @@"`
	FG   *gName  `parser:"| 'FILEGROUP' @@"`
	Args []*gAny `parser:"| @@+"`
}

type gModifyFG struct {
	Name *gName  `parser:"@@"`
	Args []*gAny `parser:"@@*"`
}

type gModify struct {
	File *gFileSpec `parser:"  'FILE' @@"`
	FG   *gModifyFG `parser:"| 'FILEGROUP' @@"`
	Name *gName     `parser:"| 'NAME' '=' @@"`
	Args []*gAny    `parser:"| @@+"`
}

type gAlterAction struct {
	Pos     lexer.Position
	Add     *gAdd    `parser:"  'ADD' @@"`
	Remove  *gRemove `parser:"| 'REMOVE' @@"`
	Modify  *gModify `parser:"| 'MODIFY' @@"`
	Collate *string  `parser:"| 'COLLATE' @(Ident | Quoted)"`
	Set     *gSet    `parser:"| 'SET' @@"`
	Other   []*gAny  `parser:"| @@+"`
}

type gAlterDatabase struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   *gName        `parser:"'ALTER' 'DATABASE' @@"`
	Action *gAlterAction `parser:"@@? ';'?"`
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

type gBackupItem struct {
	Pos   lexer.Position
	Key   string  `parser:"@('FILE' | 'FILEGROUP' | 'PAGE')"`
	Value *gValue `parser:"'=' @@"`
}

type gDevice struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Type   string  `parser:"(  @('DISK' | 'TAPE' | 'URL' | 'DATABASE_SNAPSHOT')"`
	Value  *gValue `parser:"   '=' @@"`
	Name   *gName  `parser:"| @@ )"`
}

type gMirror struct {
	Devices []*gDevice `parser:"'MIRROR' 'TO' @@ (',' @@)*"`
}

type gBackup struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	What    string         `parser:"'BACKUP' @('DATABASE' | 'LOG')"`
	Name    *gName         `parser:"@@"`
	RWFG    bool           `parser:"@'READ_WRITE_FILEGROUPS'? ','?"`
	Items   []*gBackupItem `parser:"(@@ (',' @@)*)?"`
	Devices []*gDevice     `parser:"('TO' @@ (',' @@)*)?"`
	Mirrors []*gMirror     `parser:"@@*"`
	Options []*gOption     `parser:"('WITH' @@ (',' @@)*)? ';'?"`
}

// gRestore is RESTORE DATABASE | LOG, or one of the RESTORE forms that
// only read a backup (FILELISTONLY, HEADERONLY, VERIFYONLY, LABELONLY,
// REWINDONLY), which name no database and require FROM.
type gRestore struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Target  *gRestoreTarget `parser:"'RESTORE' ( @@"`
	Only    *gRestoreOnly   `parser:"          | @@ )"`
	Options []*gBOption     `parser:"('WITH' @@ (',' @@)*)? ';'?"`
}

// gRestoreTarget is the DATABASE | LOG name [files] [FROM devices] part.
type gRestoreTarget struct {
	What    string          `parser:"@('DATABASE' | 'LOG')"`
	Name    *gName          `parser:"@@"`
	Items   []*gRestoreItem `parser:"(@@ (',' @@)*)?"`
	Devices []*gDevice      `parser:"('FROM' @@ (',' @@)*)?"`
}

// gRestoreItem is FILE | FILEGROUP | PAGE = value, or READ_WRITE_FILEGROUPS.
type gRestoreItem struct {
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
// are not an option.
type gBOption struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Move   *gMove  `parser:"(  @@"`
	Name   string  `parser:"| (?! 'MOVE') @(Ident | Quoted)"`
	Value  *gValue `parser:"  ('=' @@"`
	After  *gValue `parser:"   ('AFTER' @@)? )?"`
	Group  *gGroup `parser:"  @@? )"`
}

// gMove is MOVE 'logical_file_name' TO 'operating_system_file_name'.
type gMove struct {
	Logical  *gValue `parser:"'MOVE' @@"`
	Physical *gValue `parser:"'TO' @@"`
}

// gGroup is a balanced parenthesized group.
type gGroup struct {
	Open  bool    `parser:"@'('"`
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
	return lexer.Token{
		Type:  lexer.TokenType(t.Kind),
		Value: l.text[t.Start:t.End],
		Pos:   lexer.Position{Offset: int(t.Start)},
	}, nil
}

func build[G any]() *participle.Parser[G] {
	return participle.MustBuild[G](
		participle.Lexer(tokenDefinition{}),
		participle.CaseInsensitive("Ident"),
		participle.UseLookahead(1),
	)
}

var (
	createParser     = build[gCreateDatabase]()
	alterParser      = build[gAlterDatabase]()
	dropParser       = build[gDropDatabase]()
	checkpointParser = build[gCheckpoint]()
	backupParser     = build[gBackup]()
	restoreParser    = build[gRestore]()
	dbccParser       = build[gDBCC]()
	useParser        = build[gUse]()
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
