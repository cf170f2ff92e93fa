package parser

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// dynStatements returns the statements of constant dynamic SQL that
// parsing src gives.
func dynStatements(t *testing.T, f *File, opt *PreprocessOptions) ([]*Statement, *Result) {
	t.Helper()
	r := ParseFile(f, opt)
	var out []*Statement
	for _, st := range r.Statements {
		if st.Batch.Dyn != nil {
			out = append(out, st)
		}
	}
	return out, r
}

// checkMapping checks that every byte of a batch of dynamic SQL maps to
// the same byte in the file (a quote written twice to its first quote).
func checkMapping(t *testing.T, b *Batch) {
	t.Helper()
	for i := 0; i < len(b.Text); i++ {
		p := b.Pos(i)
		if p.File == nil || p.Offset < 0 || p.Offset >= len(p.File.Text) {
			t.Fatalf("offset %d of %q maps outside the file: %+v", i, b.Text, p)
		}
		if got := p.File.Text[p.Offset]; got != b.Text[i] {
			t.Fatalf("offset %d of %q (%q) maps to %q at %d", i, b.Text, b.Text[i], got, p.Offset)
		}
	}
}

func TestDynamicSQLStatements(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []Kind // the kinds of the statements of the dynamic SQL
		via  DynVia
		db   string // the database the call names, "-" for none
	}{
		{"EXEC msdb.dbo.sp_add_jobstep @job_name = N'x', @step_name = N'log', @subsystem = N'TSQL',\n" +
			"     @database_name = N'master', @command = N'BACKUP LOG [App] TO DISK = N''NUL''';",
			[]Kind{KindBackupLog}, DynJobStep, "master"},
		{"EXEC('ALTER DATABASE App SET TARGET_RECOVERY_TIME = 0 SECONDS')", []Kind{KindAlterDatabase}, DynExec, "-"},
		{"EXEC sp_executesql N'CHECKPOINT 10'", []Kind{KindCheckpoint}, DynExecuteSQL, "-"},
		{"EXECUTE (N'DBCC TRACEON(1806, -1)')", []Kind{KindDBCCTraceOn}, DynExec, "-"},
		{"exec ( 'CHECKPOINT' + ' 10' ) AS USER = 'u'", []Kind{KindCheckpoint}, DynExec, "-"},
		{"EXEC @rc = Sales..sp_executesql @stmt = N'PRINT 1; CHECKPOINT', @params = N''", []Kind{KindOther, KindCheckpoint}, DynExecuteSQL, "Sales"},
		{"EXEC [msdb].[dbo].[sp_add_jobstep] @step_name = N's', @command = N'CHECKPOINT'", []Kind{KindCheckpoint}, DynJobStep, "master"},
		{"EXEC sp_add_jobstep @command = N'CHECKPOINT', @subsystem = 'tsql', @job_id = @id OUTPUT, @database_name = N'Db'", []Kind{KindCheckpoint}, DynJobStep, "Db"},
		{"EXEC sp_update_jobstep @command = N'CHECKPOINT'", []Kind{KindCheckpoint}, DynJobStep, "-"},
		{"EXEC sp_add_jobstep @command = N'USE A\nGO\nCHECKPOINT\n go  \nBACKUP LOG A TO DISK = ''x'''", []Kind{KindUse, KindCheckpoint, KindBackupLog}, DynJobStep, "master"},
		// not run as T-SQL here, or not constant
		{"EXEC ('CHECKPOINT 10') AT [Linked]", nil, 0, ""},
		{"EXEC ('CHECKPOINT ' + @n)", nil, 0, ""},
		{"EXEC (@sql)", nil, 0, ""},
		{"EXEC (('CHECKPOINT'))", nil, 0, ""},
		{"EXEC sp_executesql 'CHECKPOINT 10'", nil, 0, ""},
		{"EXEC srv.db.sys.sp_executesql N'CHECKPOINT 10'", nil, 0, ""},
		{"EXEC sp_add_jobstep @subsystem = N'CmdExec', @command = N'BACKUP LOG A TO DISK = ''NUL'''", nil, 0, ""},
		{"EXEC sp_add_jobstep @subsystem = @s, @command = N'CHECKPOINT'", nil, 0, ""},
		{"EXEC sp_add_jobstep @command = @cmd", nil, 0, ""},
		{"EXEC dbo.usp_Log N'CHECKPOINT 10'", nil, 0, ""},
		{"SELECT 'CHECKPOINT 10'", nil, 0, ""},
		{"EXEC ('SELECT 1')", nil, 0, ""},
	} {
		f := NewFile("t.sql", tc.src)
		stmts, _ := dynStatements(t, f, nil)
		var kinds []Kind
		for _, st := range stmts {
			kinds = append(kinds, st.Kind)
			checkMapping(t, st.Batch)
		}
		if !equalKinds(kinds, tc.want) {
			t.Errorf("%q: dynamic statements %v, want %v", tc.src, kinds, tc.want)
			continue
		}
		if len(stmts) == 0 {
			continue
		}
		d := stmts[0].Batch.Dyn
		if d.Via != tc.via {
			t.Errorf("%q: via %d, want %d", tc.src, d.Via, tc.via)
		}
		db := "-"
		if d.Database != nil {
			db = d.Database.Value
		}
		if db != tc.db {
			t.Errorf("%q: database %q, want %q", tc.src, db, tc.db)
		}
	}
}

func equalKinds(a, b []Kind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A statement of dynamic SQL is at its first token in the file: past the
// N prefix, the quote and every quote written twice, in a UTF-16 file
// with CRLF line ends as in a UTF-8 one, and through a $(var).
func TestDynamicSQLPositions(t *testing.T) {
	src := "SELECT N'é';\r\nEXEC (N'PRINT ''a'''''';\r\n  CHECKPOINT 10') -- é\r\n" +
		"EXEC msdb.dbo.sp_add_jobstep @step_name = N'é', @command = N'SELECT ''x'';' + \r\n" +
		"   N'BACKUP LOG [$(db)] TO DISK = ''NUL'''\r\n"
	// (a job step's @command is one literal: the second is no argument,
	// the call is not read)
	src2 := "EXEC sp_add_jobstep @command = N'SELECT ''é'';\r\n\tBACKUP LOG [$(db)] TO DISK = ''NUL'''"
	utf16le := func(s string) []byte {
		out := []byte{0xff, 0xfe}
		for _, u := range utf16.Encode([]rune(s)) {
			out = append(out, byte(u), byte(u>>8))
		}
		return out
	}
	for _, tc := range []struct {
		name string
		data []byte
		want []Position // line and column of each dynamic statement of interest
	}{
		{"utf-8", []byte(src + src2), []Position{{Line: 3, Column: 3}, {Line: 7, Column: 2}}},
		{"utf-16", utf16le(src + src2), []Position{{Line: 3, Column: 3}, {Line: 7, Column: 2}}},
	} {
		f, err := Decode("t.sql", tc.data)
		if err != nil {
			t.Fatal(err)
		}
		stmts, _ := dynStatements(t, f, &PreprocessOptions{Vars: map[string]string{"db": "App"}})
		var got []Position
		for _, st := range stmts {
			if st.Kind == KindOther {
				continue
			}
			p := st.Span().Start.Position()
			got = append(got, Position{Line: p.Line, Column: p.Column})
			if !strings.HasPrefix(f.Text[st.Span().Start.Offset:], strings.Fields(st.Text())[0]) {
				t.Errorf("%s: %q starts at %q", tc.name, st.Text(), f.Text[st.Span().Start.Offset:])
			}
		}
		if len(got) != len(tc.want) {
			t.Fatalf("%s: positions %v, want %v", tc.name, got, tc.want)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: statement %d at %d:%d, want %d:%d", tc.name, i, got[i].Line, got[i].Column, tc.want[i].Line, tc.want[i].Column)
			}
		}
		// the database name substituted in the string maps to its $(
		for _, st := range stmts {
			if b, ok := st.Node.(*Backup); ok {
				p := b.Database.Span.Start
				if b.Database.Value != "App" || !strings.HasPrefix(f.Text[p.Offset:], "[$(db)]") {
					t.Errorf("%s: database %q at %q", tc.name, b.Database.Value, f.Text[p.Offset:])
				}
			}
		}
	}
}

// A statement of interest that does not parse in text surely run is an
// SL001 at its place in the file, saying where it is; one left open by
// an unterminated string is not reported.
func TestDynamicSQLParseError(t *testing.T) {
	f := NewFile("t.sql", "SELECT 1\nEXEC ('SELECT 2;\n  BACKUP DATABASE App TO')\nEXEC ('PRINT 1; CHECKPOINT ''')\n")
	_, r := dynStatements(t, f, nil)
	if len(r.Diags) != 1 {
		t.Fatalf("diags %+v, want one", r.Diags)
	}
	d := r.Diags[0]
	p := d.Span.Start.Position()
	if d.Rule != "SL001" || p.Line != 3 || p.Column != 3 || !strings.HasSuffix(d.Message, " (in dynamic SQL)") {
		t.Errorf("diag %s at %d:%d: %s", d.Rule, p.Line, p.Column, d.Message)
	}
}

// Dynamic SQL makes its batch matter: it is not plain, and its
// statements are the same parsed as plain or not.
func TestDynamicSQLNotPlain(t *testing.T) {
	texts, plain := plainBatches("SELECT 1\nEXEC (N'CHECKPOINT 10')\n", nil)
	if len(texts) != 1 || plain[0] {
		t.Fatalf("plain %v, want a batch that is not plain", plain)
	}
}

func TestGoLines(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"GO", true}, {" go ", true}, {"GO 5", true}, {"Go\r", true},
		{"GOTO x", false}, {"GO5", false}, {"GO x", false}, {"G", false}, {"", false},
	} {
		if got := dynGoLine(tc.line); got != tc.want {
			t.Errorf("dynGoLine(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// FuzzDynamicLiteral checks the map of a literal's value to the file:
// every byte of the text run maps to the same byte in the file, whatever
// the literal holds, and no input panics.
func FuzzDynamicLiteral(f *testing.F) {
	for _, s := range []string{"CHECKPOINT 10", "BACKUP LOG a TO DISK = ''NUL''", "''''", "x''", "$(v) CHECKPOINT", "é''ü\r\nCHECKPOINT"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, lit string, jobStep bool) {
		if strings.ContainsAny(lit, "\x00") {
			return
		}
		src := "EXEC (N'CHECKPOINT; " + lit + "')"
		if jobStep {
			src = "EXEC sp_add_jobstep @command = N'CHECKPOINT; " + lit + "'"
		}
		file := NewFile("t.sql", src)
		r := ParseFile(file, &PreprocessOptions{Vars: map[string]string{"v": "x''y"}})
		for _, st := range r.Statements {
			if st.Batch.Dyn == nil {
				continue
			}
			b := st.Batch
			for i := 0; i < len(b.Text); i++ {
				p := b.Pos(i)
				if p.File == nil || p.Offset < 0 || p.Offset >= len(p.File.Text) {
					t.Fatalf("offset %d of %q maps outside the file", i, b.Text)
				}
				if seg := segAt(b, i); !seg.Subst && p.File.Text[p.Offset] != b.Text[i] {
					t.Fatalf("offset %d of %q maps to %q", i, b.Text, p.File.Text[p.Offset])
				}
			}
			st.Span().Start.Position()
		}
	})
}

// segAt is the segment of b that offset i is in.
func segAt(b *Batch, i int) Segment {
	k := 0
	for k+1 < len(b.Segs) && b.Segs[k+1].Out <= i {
		k++
	}
	return b.Segs[k]
}

// Ola Hallengren's DatabaseBackup with @Directory = 'NUL' is a
// NulBackup node on the EXEC statement, in script text and in a job
// step; any other directory or procedure is not.
func TestNulBackup(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want *NulBackup
	}{
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = N'NUL', @BackupType = 'LOG'",
			&NulBackup{Proc: "DatabaseBackup", Databases: "USER_DATABASES", Type: "LOG"}},
		{"EXEC @rc = [master].[dbo].[DatabaseBackup] @Directory = 'nul', @Databases = 'A, B', @BackupType = 'full', @CopyOnly = 'y';",
			&NulBackup{Proc: "DatabaseBackup", Databases: "A, B", Type: "FULL", CopyOnly: true}},
		{"EXEC dbo.DatabaseBackup @Databases = 'A', @Directory = @d, @BackupType = 'LOG'", nil},
		{"EXEC dbo.DatabaseBackup @Databases = 'A', @Directory = 'D:\\B', @BackupType = 'LOG'", nil},
		// the procedure trims the list (LTRIM(RTRIM(@Directory)))
		{"EXEC dbo.DatabaseBackup @Databases = 'A', @Directory = ' NUL', @BackupType = 'LOG'",
			&NulBackup{Proc: "DatabaseBackup", Databases: "A", Type: "LOG"}},
		{"EXEC dbo.DatabaseBackup @Databases = 'A', @Directory = 'D:\\B, NUL', @BackupType = 'LOG'", nil}, // refused by the procedure
		{"EXEC dbo.OtherBackup @Directory = 'NUL'", nil},
		{"SELECT 'NUL'", nil},
	} {
		r := ParseFile(NewFile("t.sql", tc.src), nil)
		var got *NulBackup
		for _, st := range r.Statements {
			if pb, ok := st.Node.(*NulBackup); ok {
				got = pb
				if st.Kind != KindOther {
					t.Errorf("%q: kind %v", tc.src, st.Kind)
				}
			}
		}
		switch {
		case got == nil && tc.want == nil:
		case got == nil || tc.want == nil || *got != *tc.want:
			t.Errorf("%q: %+v, want %+v", tc.src, got, tc.want)
		}
	}
	// in a job step: the node is on the EXEC of the step's text
	src := "EXEC msdb.dbo.sp_add_jobstep @step_name = N'log', @command = N'EXECUTE dbo.DatabaseBackup @Databases = ''App'', @Directory = N''NUL'', @BackupType = ''LOG'''"
	stmts, _ := dynStatements(t, NewFile("t.sql", src), nil)
	if len(stmts) != 1 {
		t.Fatalf("job step: %d statements", len(stmts))
	}
	if pb, ok := stmts[0].Node.(*NulBackup); !ok || pb.Databases != "App" || pb.Type != "LOG" {
		t.Errorf("job step: node %+v", stmts[0].Node)
	}
	// such a batch is never plain (it would be dropped unparsed)
	if _, plain := plainBatches("EXEC dbo.DatabaseBackup @Directory = N'NUL'\n", nil); plain[0] {
		t.Error("a batch with 'NUL' is plain")
	}
}

func TestNulString(t *testing.T) {
	for s, want := range map[string]bool{
		"NUL": true, "'nul'": true, "N'NUL'": true, "n'Nul": true, "'NUL": true,
		"UL": false, "NULL": false, "'NUL:'": false, "N'x'": false, "": false, "NNUL": false,
	} {
		if got := nulString(s); got != want {
			t.Errorf("nulString(%q) = %v, want %v", s, got, want)
		}
	}
}

// The text a variable is built of, in pieces, is followed through the
// statements of one batch: an EXEC of it that backs up to NUL has a
// NulBackup naming the variable and the database as written.
func TestVarBackup(t *testing.T) {
	for _, tc := range []struct {
		src string
		db  string // "" for no NulBackup
	}{
		{"SET @sql = N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''NUL'''\nEXEC (@sql)", "QUOTENAME(@db)"},
		{"DECLARE @s nvarchar(max) = 'BACKUP DATABASE [A]'\nSET @s += ' TO DISK = ''NUL'''\nEXEC sp_executesql @stmt = @s", "A"},
		{"SET @s = 'BACKUP LOG A'\nSET @s = @s + ' TO DISK = ''nul:'''\nEXECUTE (@s)", "A"},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL'''\nSET @s = 'SELECT 1'\nEXEC (@s)", ""},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL'''\nSELECT @s = x FROM t\nEXEC (@s)", ""},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL'''\nDECLARE @s nvarchar(10)\nEXEC (@s)", ""},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL'''\nEXEC (@s) AT Other", ""},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL'''\nEXEC (@t)", ""},
		{"SET @s = 'BACKUP LOG A TO DISK = ''' + @d + ''''\nEXEC (@s)", ""},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL'''\nGO\nEXEC (@s)", ""},
		// SELECT @v = expr is an assignment, alone or once a row of its FROM
		// (selectfrom_qa24a_test.go); EXEC of a concatenation
		{"SELECT @c = 'BACKUP LOG [' + @name + '] TO DISK = ''nul'''\nPRINT @c\nEXEC (@c)", "@name"},
		{"SELECT @c = 'BACKUP LOG [' + name + '] TO DISK = ''nul''' FROM sys.databases\nEXEC (@c)", "name"},
		{"EXEC ('BACKUP LOG [' + @DBName + '] TO DISK = ''NUL''')", "@DBName"},
		{"EXEC (N'BACKUP LOG ' + QUOTENAME(@d) + N' TO DISK = ''NUL''') AT Other", ""},
		{"EXEC ('BACKUP LOG [' + @DBName + '] TO DISK = ''D:\\x.trn''')", ""},
		// a CASE whose result may be a backup to NUL (dynvars_acc7_test.go)
		{"SET @s = CASE WHEN @x = 0 THEN 'BACKUP LOG A TO DISK = ''NUL''' END\nEXEC (@s)", "A"},
		// sp_MSforeachdb runs its command for each database, ? its name
		{"EXEC sp_MSforeachdb 'IF ''?'' <> ''tempdb'' BACKUP LOG [?] TO DISK = ''NUL'''", "?"},
		{"EXEC master.sys.sp_MSforeachdb @command1 = N'USE [?]; BACKUP LOG [?] TO DISK = ''NUL''', @replacechar = '?'", "?"},
		{"EXEC sp_MSforeachdb 'BACKUP LOG [?] TO DISK = ''D:\\?.trn'''", ""},
		{"EXEC sp_MSforeachdb @cmd", ""},
	} {
		r := ParseFile(NewFile("t.sql", tc.src), nil)
		got := ""
		for _, st := range r.Statements {
			if nb, ok := st.Node.(*NulBackup); ok {
				got = nb.Databases
				if nb.Backup == nil || !strings.HasPrefix(strings.ToUpper(st.Text()), "EXEC") {
					t.Errorf("%q: %+v on %q", tc.src, nb, st.Text())
				}
			}
		}
		if got != tc.db {
			t.Errorf("%q: database %q, want %q", tc.src, got, tc.db)
		}
	}
}

// ppStringMatters, one pass, is the three tests it stands for.
func TestPPStringMatters(t *testing.T) {
	alphabet := []string{"a", "d", "D", "b", "ackup", "ACKUP", "atabase", "cc", "n", "N", "u", "l", "'", " ", "_", "x", "estore", "heckpoint", "Backup", "@", "é",
		"sp", "SP", "s", "_addumpdevice", "_DROPDEVICE", "_dropdevice"}
	seed := uint32(1)
	for k := 0; k < 200000; k++ {
		var sb strings.Builder
		for n := int(seed % 7); n >= 0; n-- {
			seed = seed*1664525 + 1013904223
			sb.WriteString(alphabet[(seed>>16)%uint32(len(alphabet))])
		}
		s := sb.String()
		if got, want := ppStringMatters(s), ppHasAdd(s) || dynWordIn(s) && !dropDeviceOnly(s) || nulString(s); got != want {
			t.Fatalf("ppStringMatters(%q) = %v, want %v", s, got, want)
		}
	}
}

// dropDeviceOnly reports whether sp_dropdevice is the only word of
// dynWordIn in lit, which ppStringMatters does not look for.
func dropDeviceOnly(lit string) bool {
	i := strings.Index(strings.ToLower(lit), "sp_dropdevice")
	return i >= 0 && !dynWordIn(lit[:i+2]+lit[i+len("sp_dropdevice"):])
}

// WITH DIFFERENTIAL, COPY_ONLY is a differential backup (COPY_ONLY is
// then ignored), so not the copy-only kind.
func TestVarBackupDifferentialCopyOnly(t *testing.T) {
	for src, want := range map[string]bool{
		"SET @s = 'BACKUP DATABASE A TO DISK = ''NUL'' WITH DIFFERENTIAL, COPY_ONLY'\nEXEC (@s)": false,
		"SET @s = 'BACKUP DATABASE A TO DISK = ''NUL'' WITH COPY_ONLY'\nEXEC (@s)":               true,
	} {
		r := ParseFile(NewFile("t.sql", src), nil)
		found := false
		for _, st := range r.Statements {
			if nb, ok := st.Node.(*NulBackup); ok {
				found = true
				if nb.CopyOnly != want {
					t.Errorf("%q: copy-only %v, want %v", src, nb.CopyOnly, want)
				}
			}
		}
		if !found {
			t.Errorf("%q: no NulBackup", src)
		}
	}
}

// ppStrTab marks as a word's first letter exactly dynHead's bytes.
func TestPPStrTabHeads(t *testing.T) {
	for c := 0; c < 256; c++ {
		if head := ppStrTab[c]&^1 != 0; head != dynHead[c] {
			t.Errorf("ppStrTab[%q] head %v, dynHead %v", byte(c), head, dynHead[c])
		}
	}
}

// ppStringMattersBefore is ppStringMatters as it was before its second
// letter test (ppStrSecond) and nulString's first tests moved out.
func ppStringMattersBefore(s string) bool {
	if nulString(s) {
		return true
	}
	for i := 0; i+3 <= len(s); i++ {
		h := dynHead[s[i]]
		if s[i]|0x20 == 'a' && s[i+1]|0x20 == 'd' && s[i+2]|0x20 == 'd' {
			return true
		}
		if h && (i == 0 || !identCont[s[i-1]]) && (ppKeywordAt(s, i) && s[i]|0x20 != 'u' || s[i]|0x20 == 'd' && procWordAt(s, i)) {
			return true
		}
	}
	return false
}

// ppStringMatters answers as before on random strings of the letters
// its tests read, in both cases, and of bytes around them.
func TestPPStringMattersSame(t *testing.T) {
	alphabet := []string{"a", "b", "c", "d", "e", "h", "r", "u", "l", "n", "A", "B", "C", "D", "E", "H", "R", "L", "N",
		"ackup", "atabase", "bcc", "estore", "heckpoint", "dd", "se", "ul", "'", "''", " ", "_", "x", "@", "é", "\x00", "\xc1", "\xe1", "\xc8"}
	seed := uint32(7)
	for k := 0; k < 500000; k++ {
		var sb strings.Builder
		for n := int(seed % 11); n >= 0; n-- {
			seed = seed*1664525 + 1013904223
			sb.WriteString(alphabet[(seed>>16)%uint32(len(alphabet))])
		}
		s := sb.String()
		if got, want := ppStringMatters(s), ppStringMattersBefore(s); got != want {
			t.Fatalf("ppStringMatters(%q) = %v, before %v", s, got, want)
		}
	}
	for c := 0; c < 256; c++ {
		for d := 0; d < 256; d++ {
			for _, s := range []string{string([]byte{byte(c), byte(d), 'x'}), string([]byte{' ', byte(c), byte(d)}) + "tabase", string([]byte{byte(c), byte(d)}) + "cc"} {
				if got, want := ppStringMatters(s), ppStringMattersBefore(s); got != want {
					t.Fatalf("ppStringMatters(%q) = %v, before %v", s, got, want)
				}
			}
		}
	}
}
