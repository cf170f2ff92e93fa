package parser

import (
	"runtime"
	"strings"
	"testing"
)

// nested is inner wrapped n times in before ... after.
func nested(before, inner, after string, n int) string {
	return strings.Repeat(before, n) + inner + strings.Repeat(after, n)
}

// TestVarBackupNestingBounded: CASE, IIF and parentheses are read into
// at most maxConcatDepth levels deep; a part nested deeper stands as a
// bracketed name of its text, so that it is not followed. Each level
// read its whole part again: 8,000 nested CASEs (200 KB of a pull
// request's script) took 17 s, 300,000 did not end.
func TestVarBackupNestingBounded(t *testing.T) {
	const nul = "'BACKUP LOG A TO DISK = ''NUL'''"
	var cases []nulCase
	for _, n := range []int{maxConcatDepth, maxConcatDepth + 1, 5000} {
		db := ""
		if n <= maxConcatDepth {
			db = "A"
		}
		cases = append(cases,
			nulCase{"SET @s = " + nested("CASE WHEN @a = 1 THEN ", nul, " END", n) + "\nEXEC (@s)", db, "LOG", false},
			nulCase{"SET @s = " + nested("IIF(@a = 1, ", nul, ", NULL)", n) + "\nEXEC (@s)", db, "LOG", false},
			nulCase{"SET @s = " + nested("(", nul, ")", n) + "\nEXEC (@s)", db, "LOG", false})
	}
	// levels count from the expression: one more outside is one too many
	cases = append(cases, nulCase{"SET @s = 'X' + (" + nested("CASE WHEN @a = 1 THEN ", nul, " END", maxConcatDepth) + ")\nEXEC (@s)", "", "", false})
	checkNulCases(t, "", cases)
}

// TestVarBackupCaseAfterLongText: the results of a CASE are built after
// the text before it without copying that text: 2,000 CASEs after 60 KB
// copied 120 MB (and 100,000 of them, a 2.8 MB line, took 8 s). The
// text and what is found are the same.
func TestVarBackupCaseAfterLongText(t *testing.T) {
	long := "SET @s = 'BACKUP LOG A TO DISK = ''NUL'' /* " + strings.Repeat("x", 60000) + " */' + " +
		strings.Repeat("CASE WHEN @a = 1 THEN '' END + ", 2000) + "''\nEXEC (@s)"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	nb := nulBackupOf(t, long)
	runtime.ReadMemStats(&after)
	if nb == nil || nb.Databases != "A" {
		t.Errorf("NulBackup %+v, want A", nb)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 40<<20 {
		t.Errorf("allocated %d MB", n>>20)
	}
	// past the limit of a variable's text, in a CASE's result: not followed
	for _, tc := range []struct {
		fill int
		want bool
	}{{maxVarText - 40, false}, {maxVarText - 200, true}} {
		src := "SET @s = 'BACKUP LOG A TO DISK = ''NUL'' /* " + strings.Repeat("x", tc.fill) + " */' + CASE WHEN @a = 1 THEN '/*' + '" +
			strings.Repeat("y", 50) + "' + '*/' END\nEXEC (@s)"
		if got := nulBackupOf(t, src) != nil; got != tc.want {
			t.Errorf("%d bytes before the CASE: NulBackup %v, want %v", tc.fill, got, tc.want)
		}
	}
}

// TestVarBackupManyAppends: += (and SET @s = @s + ...) appends to the
// variable's text in place: each copied the whole text, so 70,000 of
// them (a 1 MB script) took 3 s, and 5,000 after 50 KB copied 250 MB.
// What is followed is the same: the text past maxVarText is dropped.
func TestVarBackupManyAppends(t *testing.T) {
	head := "DECLARE @s nvarchar(max);\nSET @s = 'BACKUP LOG A TO DISK = ''NUL'' /* " + strings.Repeat("x", 50000) + "';\n"
	for _, step := range []string{"SET @s += 'x';\n", "SET @s = @s + 'x';\n", "SELECT @s += 'x';\n"} {
		src := head + strings.Repeat(step, 5000) + "SET @s += ' */';\nEXEC (@s)"
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		nb := nulBackupOf(t, src)
		runtime.ReadMemStats(&after)
		if nb == nil || nb.Databases != "A" {
			t.Errorf("%q: NulBackup %+v, want A", step, nb)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 60<<20 {
			t.Errorf("%q: allocated %d MB", step, n>>20)
		}
		// 16,000 more bytes pass the limit: the variable is no longer followed
		if nb := nulBackupOf(t, head+strings.Repeat(step, 16000)+"SET @s += ' */';\nEXEC (@s)"); nb != nil {
			t.Errorf("%q past the limit: %+v", step, nb)
		}
	}
	checkNulCases(t, "", []nulCase{
		// another variable's text, or the variable twice, is copied as before
		{"SET @a = 'BACKUP LOG ';\nSET @b = 'X';\nSET @b = @a + @b + ' TO DISK = ''NUL''';\nEXEC (@b)", "@b", "LOG", false},
		{"SET @a = 'BACKUP LOG A';\nSET @a += ' TO DISK = ''NUL'' --' + @a;\nEXEC (@a)", "A", "LOG", false},
		{"SET @a = 'BACKUP LOG A';\nSET @a = @a + ' TO DISK = ''NUL'' --' + @a;\nEXEC (@a)", "A", "LOG", false},
		// the variable reassigned starts anew
		{"SET @a = 'BACKUP LOG A';\nSET @a = 'SELECT 1';\nSET @a += ' TO DISK = ''NUL''';\nEXEC (@a)", "", "", false},
		{"SET @a = 'BACKUP LOG A';\nSET @b = @a;\nSET @a += ' TO DISK = ''D:\\a.trn''';\nSET @b += ' TO DISK = ''NUL''';\nEXEC (@b)", "A", "LOG", false},
		{"SET @a = 'BACKUP LOG A';\nSET @b = @a;\nSET @b += ' TO DISK = ''NUL''';\nSET @a += ' TO DISK = ''D:\\a.trn''';\nEXEC (@a)", "", "", false},
	})
}

// TestVarBackupExecAgain: a variable EXECed again without a change is not
// parsed again (10,000 EXEC (@s) of a 60 KB text took 2 s); each EXEC
// still gets its own NulBackup, and a changed text is read anew.
func TestVarBackupExecAgain(t *testing.T) {
	nuls := func(src string) (vars []string) {
		t.Helper()
		for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
			if nb, ok := st.Node.(*NulBackup); ok {
				vars = append(vars, nb.Var+" "+nb.Databases+" "+nb.Type)
			}
		}
		return vars
	}
	src := "DECLARE @s nvarchar(max) = 'BACKUP LOG A TO DISK = ''NUL'' /* " + strings.Repeat("x", 30000) + " */';\n" +
		strings.Repeat("EXEC (@s);\n", 2000)
	got := nuls(src)
	if len(got) != 2000 || got[0] != "@s A LOG" || got[1999] != "@s A LOG" {
		t.Errorf("%d NulBackups, first %q", len(got), got[:min(len(got), 1)])
	}
	// parsed once: every EXEC's NulBackup has the one BACKUP read
	parsed := map[*Backup]bool{}
	for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
		if nb, ok := st.Node.(*NulBackup); ok {
			parsed[nb.Backup] = true
		}
	}
	if len(parsed) != 1 {
		t.Errorf("the text was parsed %d times", len(parsed))
	}
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"SET @s = 'BACKUP LOG A TO DISK = ''D:\\a.trn''';\nEXEC (@s);\nSET @s = 'BACKUP LOG A TO DISK = ''NUL''';\nEXEC (@s);\nEXEC (@s);\n",
			[]string{"@s A LOG", "@s A LOG"}},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL''';\nEXEC (@s);\nSET @s += ' WITH COPY_ONLY';\nEXEC (@s);\nSET @s = 'BACKUP LOG B TO DISK = ''D:\\b.trn''';\nEXEC (@s);\n",
			[]string{"@s A LOG", "@s A LOG"}},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL''';\nSET @t = @s;\nEXEC (@s);\nEXEC sp_executesql @t;\nEXEC (@s);\n",
			[]string{"@s A LOG", "@t A LOG", "@s A LOG"}},
		{"SET @c = 'BACKUP LOG [?] TO DISK = ''NUL''';\nEXEC (@c);\nEXEC sp_MSforeachdb @c;\n",
			[]string{"@c ? LOG", "@c, sp_MSforeachdb's command, for each database ? LOG"}},
	} {
		if got := nuls(tc.src); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.want)
		}
	}
}
