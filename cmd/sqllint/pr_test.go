package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// gitRepo makes a temporary git repository and changes into it.
func gitRepo(t *testing.T) (dir string, git func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir = t.TempDir()
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	t.Chdir(dir)
	git = func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	return dir, git
}

// filegroups adds filegroups from..to-1 to Sales, each with one file.
func filegroups(from, to int) string { return filegroupsIn("Sales", from, to) }

func filegroupsIn(db string, from, to int) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE %s ADD FILEGROUP FG%d;\nALTER DATABASE %s ADD FILE (NAME = F%d, FILENAME = 'D:\\data\\F%d.ndf', SIZE = 8MB) TO FILEGROUP FG%d;\n", db, i, db, i, i, i)
	}
	return b.String()
}

const createSales = "CREATE DATABASE Sales ON PRIMARY (NAME = Sales, FILENAME = 'D:\\data\\Sales.mdf', SIZE = 1GB)\n" +
	"  LOG ON (NAME = Sales_log, FILENAME = 'L:\\log\\Sales.ldf', SIZE = 1GB);\nGO\n"

var findingRE = regexp.MustCompile(`(?m)^(\S+):(\d+):\d+: \w+ (SL\d+)`)

// found lists "path:line RULE" of each text finding.
func found(out string) []string {
	var got []string
	for _, m := range findingRE.FindAllStringSubmatch(out, -1) {
		got = append(got, m[1]+":"+m[2]+" "+m[3])
	}
	return got
}

func hookEntry(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		Entry string `yaml:"entry"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil || len(hooks) == 0 {
		t.Fatal(err, hooks)
	}
	return strings.Fields(hooks[0].Entry)[1:]
}

var root string

// repoRoot is the project's folder (tests change the working folder).
func repoRoot(t *testing.T) string {
	t.Helper()
	if root == "" {
		t.Fatal("repoRoot: not set")
	}
	return root
}

func init() {
	if wd, err := os.Getwd(); err == nil {
		root = filepath.Join(wd, "..", "..")
	}
}

// TestHookReadsTheFolderAsContext is the pre-commit case: the hook gets
// only the staged V2, and the cross-file rules still see V1.
func TestHookReadsTheFolderAsContext(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "migrations/V1__init.sql", createSales+filegroups(0, 700))
	writeFile(t, dir, "migrations/V2__more.sql", "USE Sales;\nGO\n"+filegroups(700, 1000)+
		"ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 200GB);\n")
	git("add", "migrations/V1__init.sql")
	git("commit", "-qm", "V1")
	git("add", "migrations/V2__more.sql") // staged: what pre-commit passes

	_, folder, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "migrations")
	want := found(folder)
	if len(want) != 2 || !strings.HasPrefix(want[0], "migrations/V2__more.sql:") || !strings.HasSuffix(want[0], " SL101") ||
		!strings.HasSuffix(want[1], " SL202") || !strings.Contains(folder, "allocates 199 GB") {
		t.Fatalf("folder scan: %v\n%s", want, folder)
	}
	code, hook, errs := runCmd(t, "", nil, append(hookEntry(t), "migrations/V2__more.sql")...)
	if got := found(hook); code != 1 || strings.Join(got, "|") != strings.Join(want, "|") || !strings.Contains(hook, "allocates 199 GB") {
		t.Errorf("hook on the staged file: exit %d, %v, want %v (the folder scan's)\n%s%s", code, got, want, hook, errs)
	}
	// without context the file is checked alone: no SL101, and the log
	// grows from nothing
	_, alone, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--no-context", "migrations/V2__more.sql")
	if got := found(alone); len(got) != 1 || !strings.HasSuffix(got[0], " SL202") || !strings.Contains(alone, "allocates up to 200 GB") {
		t.Errorf("--no-context: %v\n%s", got, alone)
	}
	// SL303 across files: the staged include holds the CHECKPOINT, the
	// deploy script around it the USE and the BACKUP
	writeFile(t, dir, "deploy/deploy.sql", "USE Sales;\nGO\n:r checkpoint_step.sql\nBACKUP DATABASE Sales TO DISK = 'B:\\s.bak';\n")
	writeFile(t, dir, "deploy/checkpoint_step.sql", "PRINT 'flush';\nCHECKPOINT;\n")
	git("add", "deploy") // context is what the commit holds: the tracked files
	_, folder, _ = runCmd(t, "", nil, "scan", "--no-config", "--no-source", "deploy")
	code, hook, _ = runCmd(t, "", nil, append(hookEntry(t), "deploy/checkpoint_step.sql")...)
	if want, got := found(folder), found(hook); len(want) != 1 || want[0] != "deploy/checkpoint_step.sql:2 SL303" || code != 1 || strings.Join(got, "|") != want[0] {
		t.Errorf("SL303 split across files: folder %v, hook exit %d %v\n%s", want, code, got, hook)
	}
	if _, alone, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-context", "deploy/checkpoint_step.sql"); len(found(alone)) != 0 {
		t.Errorf("without context the include has no USE: %s", alone)
	}

	// --context names the folders; the config's context key too
	writeFile(t, dir, "elsewhere/V3.sql", "SELECT 1;\n")
	if _, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--context", "migrations", "elsewhere/V3.sql", "migrations/V2__more.sql"); len(found(out)) != 2 {
		t.Errorf("--context: %s", out)
	}
	writeFile(t, dir, ".sqllint.yaml", "context: []\n")
	if _, out, _ := runCmd(t, "", nil, "scan", "--no-source", "migrations/V2__more.sql"); len(found(out)) != 1 {
		t.Errorf("config context: [] turns it off: %s", out)
	}
	// the config's include names context too: a post-deploy script in another folder
	// sees the migrations
	writeFile(t, dir, ".sqllint.yaml", "include: [\"migrations/**\", \"post-deploy/**\"]\n")
	writeFile(t, dir, "migrations/V3__arch.sql", "CREATE DATABASE Arch;\nGO\n"+filegroupsIn("Arch", 0, 750))
	writeFile(t, dir, "post-deploy/P1.sql", filegroupsIn("Arch", 750, 850))
	git("add", "migrations/V3__arch.sql")
	_, folder, _ = runCmd(t, "", nil, "scan", "--no-source", "migrations", "post-deploy")
	var want2 string
	for _, f := range found(folder) {
		if strings.HasPrefix(f, "post-deploy/") {
			want2 = f
		}
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-source", "post-deploy/P1.sql")
	if got := found(out); code != 1 || len(got) != 1 || want2 == "" || got[0] != want2 || !strings.HasSuffix(want2, " SL101") {
		t.Errorf("include as context: exit %d %v, want %q\n%s%s", code, got, want2, out, errs)
	}
}

// TestBaselineHidesOldFindings is adoption in a repository with old
// findings: they stay hidden as lines move; new ones are reported.
func TestBaselineHidesOldFindings(t *testing.T) {
	dir, git := gitRepo(t)
	v1 := writeFile(t, dir, "db/V1.sql", "USE Sales;\nCHECKPOINT 10;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 20;\n")
	git("add", ".")
	git("commit", "-qm", "old scripts")

	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", "ci/sqllint-baseline.json", "db")
	if code != 0 || !strings.Contains(errs, "wrote 3 finding(s) to baseline ci/sqllint-baseline.json") {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "ci", "sqllint-baseline.json"))
	if err != nil || !strings.Contains(string(data), `"file": "../db/V1.sql"`) || strings.Contains(string(data), `"line"`) {
		t.Fatalf("baseline file: %v\n%s", err, data)
	}
	scan := func(extra ...string) (int, string, string) {
		return runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--baseline", "ci/sqllint-baseline.json"}, extra...)...)
	}
	if code, out, errs := scan("db"); code != 0 || len(found(out)) != 0 || errs != "" {
		t.Errorf("right after writing: exit %d\n%s%s", code, out, errs)
	}
	// lines inserted above the old findings: still hidden
	if err := os.WriteFile(v1, []byte("-- header\n-- more\n\nUSE Sales;\n\nCHECKPOINT   10; -- reformatted\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := scan("db"); code != 0 || len(found(out)) != 0 {
		t.Errorf("after inserting lines: exit %d\n%s%s", code, out, errs)
	}
	// a new finding in the old file is reported
	f, _ := os.OpenFile(v1, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Fprint(f, "GO\nCHECKPOINT 30;\n")
	f.Close()
	code, out, _ = scan("db")
	if got := found(out); code != 1 || len(got) != 1 || got[0] != "db/V1.sql:10 SL302" {
		t.Errorf("new finding in an old file: exit %d, %v\n%s", code, got, out)
	}
	// an identical finding is new too (occurrence 2)
	if err := os.WriteFile(filepath.Join(dir, "db/V2.sql"), []byte("CHECKPOINT 20;\nCHECKPOINT 20;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := found(func() string { _, o, _ := scan("db/V2.sql"); return o }()); len(got) != 1 || got[0] != "db/V2.sql:2 SL302" {
		t.Errorf("second identical finding: %v", got)
	}
	// a fixed finding leaves an entry that no longer matches: noted
	if err := os.WriteFile(filepath.Join(dir, "db/V2.sql"), []byte("CHECKPOINT;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, errs = scan("db")
	if errs != "sqllint: baseline ci/sqllint-baseline.json: 1 entry no longer matches a finding (SL302 ../db/V2.sql): run with --write-baseline ci/sqllint-baseline.json to shrink it\n" {
		t.Errorf("stale entry: %s", errs)
	}
	// the config key
	writeFile(t, dir, ".sqllint.yaml", "baseline: ci/sqllint-baseline.json\n")
	if _, out, _ := runCmd(t, "", nil, "scan", "--no-source", "db"); len(found(out)) != 1 {
		t.Errorf("config baseline: %s", out)
	}
	// missing or corrupt: exit 2 naming the file
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--baseline", "nope.json", "db"); code != 2 || !strings.Contains(errs, "baseline nope.json: no such file") {
		t.Errorf("missing baseline: exit %d %s", code, errs)
	}
	writeFile(t, dir, "bad.json", "{\"version\": 1, \"entries\": [\n{]}\n")
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--baseline", "bad.json", "db"); code != 2 || !strings.Contains(errs, "baseline bad.json: not a sqllint baseline: line 2") {
		t.Errorf("corrupt baseline: exit %d %s", code, errs)
	}
}

// TestNewFromRev reports only findings on lines changed since a
// revision, the cross-file ones included.
func TestNewFromRev(t *testing.T) {
	dir, git := gitRepo(t)
	v1 := writeFile(t, dir, "migrations/V1__init.sql", createSales+filegroups(0, 700)+"GO\nCHECKPOINT 10;\n")
	v2 := writeFile(t, dir, "migrations/V2__some.sql", filegroups(700, 750))
	git("add", ".")
	git("commit", "-qm", "base")
	base := git("rev-parse", "HEAD")

	// a changed line in V1 and 250 more filegroups at the end of V2: the
	// 801st file is on a new line
	text, _ := os.ReadFile(v1)
	if err := os.WriteFile(v1, []byte(strings.Replace(string(text), "GO\nCHECKPOINT 10;\n", "GO\nCHECKPOINT 10;\nCHECKPOINT 5;\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(v2, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Fprint(f, filegroups(750, 1000))
	f.Close()

	_, all, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "migrations")
	if got := found(all); len(got) != 3 {
		t.Fatalf("full scan: %v\n%s", got, all)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--new-from-rev", base, "migrations")
	got := found(out)
	if code != 1 || len(got) != 2 || got[0] != "migrations/V1__init.sql:1406 SL302" || !strings.HasPrefix(got[1], "migrations/V2__some.sql:") || !strings.HasSuffix(got[1], " SL101") {
		t.Errorf("--new-from-rev: exit %d, %v (want the new CHECKPOINT 5 and the SL101 on a new line of V2, not the old CHECKPOINT 10)\n%s%s", code, got, out, errs)
	}
	// the same from a pull-request branch against its merge base
	git("checkout", "-qb", "feature")
	git("add", ".")
	git("commit", "-qm", "feature")
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--new-from-merge-base", "main", "migrations")
	if got2 := found(out); code != 1 || strings.Join(got2, "|") != strings.Join(got, "|") {
		t.Errorf("--new-from-merge-base: exit %d, %v, want %v\n%s", code, got2, got, errs)
	}
	// nothing changed since HEAD: nothing new
	if code, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--new-from-rev", "HEAD", "migrations"); code != 0 || len(found(out)) != 0 {
		t.Errorf("since HEAD: exit %d\n%s", code, out)
	}
	// an unknown revision, or outside a repository: exit 2 with a reason
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--new-from-rev", "no-such-rev", "migrations"); code != 2 || !strings.Contains(errs, `unknown revision "no-such-rev"`) {
		t.Errorf("unknown revision: exit %d %s", code, errs)
	}
	outside := t.TempDir()
	writeFile(t, outside, "a.sql", "CHECKPOINT 10;\n")
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--new-from-rev", "HEAD", filepath.Join(outside, "a.sql")); code != 2 || !strings.Contains(errs, "not in a git repository") {
		t.Errorf("outside a repository: exit %d %s", code, errs)
	}
	// the error names the flag the user gave
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--new-from-merge-base", "main", filepath.Join(outside, "a.sql")); code != 2 ||
		!strings.Contains(errs, "--new-from-merge-base") || strings.Contains(errs, "--new-from-rev") {
		t.Errorf("outside a repository, merge base: exit %d %s", code, errs)
	}
}

// TestDiffEqualsFix applies --diff with git apply in one copy, runs --fix
// in another, and compares.
func TestDiffEqualsFix(t *testing.T) {
	files := map[string]string{
		"db/V1.sql":            "USE Sales;\nCHECKPOINT 30;\nBACKUP DATABASE Sales TO DISK = 'B:\\x.bak';\nGO\n",
		"db/V2 with space.sql": "USE Sales;\r\nCHECKPOINT 10; CHECKPOINT; BACKUP DATABASE Sales TO DISK = 'B:\\y.bak';\r\n",
		"db/V3.sql":            "ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nCHECKPOINT 5", // no final newline
		"db/clean.sql":         "SELECT 1;\n",
		"db/inc/shared.sql":    "CHECKPOINT 10;\n",
		"db/V4.sql":            ":r inc/shared.sql\nGO\n",
		"db/V5.sql":            ":r inc/shared.sql\nGO\n",
	}
	setup := func(t *testing.T) string {
		dir, git := gitRepo(t)
		for name, text := range files {
			writeFile(t, dir, name, text)
		}
		git("add", ".")
		git("commit", "-qm", "scripts")
		return dir
	}
	fixDir := setup(t)
	code, fixOut, fixErr := runCmd(t, "", nil, "scan", "--no-config", "--fix", "db")
	if code != 0 || !strings.Contains(fixErr, "sqllint: fixed: 8 fix(es) in 4 file(s) (SL301: 1, SL302: 4, SL303: 3)") {
		t.Errorf("--fix: exit %d\n%s%s", code, fixOut, fixErr)
	}
	fixed := map[string]string{}
	for name := range files {
		data, _ := os.ReadFile(filepath.Join(fixDir, name))
		fixed[name] = string(data)
	}
	if fixed["db/V1.sql"] != "USE Sales;\nBACKUP DATABASE Sales TO DISK = 'B:\\x.bak';\nGO\n" || fixed["db/inc/shared.sql"] != "CHECKPOINT;\n" {
		t.Errorf("fixed: %q", fixed)
	}
	// a second --fix changes nothing
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fix", "db")
	if code != 0 || strings.Contains(errs, "fixed") || len(found(out)) != 0 {
		t.Errorf("second --fix: exit %d\n%s%s", code, out, errs)
	}
	for name := range files {
		if data, _ := os.ReadFile(filepath.Join(fixDir, name)); string(data) != fixed[name] {
			t.Errorf("second --fix changed %s", name)
		}
	}

	diffDir := setup(t)
	plainCode, _, _ := runCmd(t, "", nil, "scan", "--no-config", "db")
	code, diff, errs := runCmd(t, "", nil, "scan", "--no-config", "--diff", "db")
	if code != plainCode || code != 1 || !strings.Contains(diff, "--- a/db/V1.sql\n+++ b/db/V1.sql\n") || strings.Contains(diff, "SL302") {
		t.Errorf("--diff: exit %d (plain %d)\n%s%s", code, plainCode, diff, errs)
	}
	for name, text := range files {
		if data, _ := os.ReadFile(filepath.Join(diffDir, name)); string(data) != text {
			t.Errorf("--diff wrote %s", name)
		}
	}
	patch := filepath.Join(t.TempDir(), "fix.diff")
	if err := os.WriteFile(patch, []byte(diff), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "apply", "--check", patch)
	cmd.Dir = diffDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply --check: %v\n%s\n%s", err, out, diff)
	}
	cmd = exec.Command("git", "apply", patch)
	cmd.Dir = diffDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s", err, out)
	}
	for name := range files {
		if data, _ := os.ReadFile(filepath.Join(diffDir, name)); string(data) != fixed[name] {
			t.Errorf("%s: --diff applied gives %q, --fix wrote %q", name, data, fixed[name])
		}
	}
	// with nothing to fix, --diff prints nothing
	if _, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--diff", "db/clean.sql"); out != "" {
		t.Errorf("--diff of a clean file: %q", out)
	}
}

func TestUnknownFlagIsOneLine(t *testing.T) {
	code, out, errs := runCmd(t, "", nil, "scan", "--selct", "SL101", "x.sql")
	// the flag as typed: "--selct", not the flag package's "-selct"
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "unknown flag --selct; did you mean --select?") ||
		!strings.Contains(errs, "sqllint scan -h") {
		t.Errorf("exit %d %q %q", code, out, errs)
	}
	if _, _, errs := runCmd(t, "", nil, "scan", "-formt=json", "x.sql"); !strings.Contains(errs, "unknown flag -formt; did you mean --format?") {
		t.Errorf("-formt=json: %q", errs)
	}
	if code, out, _ := runCmd(t, "", nil, "scan", "-h"); code != 0 || !strings.Contains(out, "-new-from-rev REV") {
		t.Errorf("-h: exit %d\n%s", code, out)
	}
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CHECKPOINT 10;\nBACKUP LOG Sales TO DISK = 'NUL';\n")
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--select", "SL3020", p); code != 2 || !strings.Contains(errs, "did you mean SL302?") {
		t.Errorf("unknown rule: exit %d %s", code, errs)
	}
	_, out, _ = runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--select", "SL3", "--ignore", "backup-to-nul", p)
	if got := found(out); len(got) != 1 || !strings.HasSuffix(got[0], "SL302") {
		t.Errorf("--select/--ignore: %v", got)
	}
	// "--" ends the flags even after a path
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", p, "--", "-odd.sql"); code != 2 || !strings.Contains(errs, "-odd.sql: no such file") {
		t.Errorf("--: exit %d %s", code, errs)
	}
}

// TestFixNewFromRev fixes only what --new-from-rev reports, across the
// rounds of --fix (lines shift as earlier rounds remove lines).
func TestFixNewFromRev(t *testing.T) {
	dir, git := gitRepo(t)
	p := writeFile(t, dir, "db/V1.sql", "USE Sales;\nGO\nCHECKPOINT 10;\nBACKUP DATABASE Sales TO DISK = 'B:\\old.bak';\nGO\n")
	git("add", ".")
	git("commit", "-qm", "old")
	if err := os.WriteFile(p, []byte("USE Sales;\nCHECKPOINT;\nBACKUP DATABASE Sales TO DISK = 'B:\\a.bak';\nGO\n"+
		"CHECKPOINT 10;\nBACKUP DATABASE Sales TO DISK = 'B:\\old.bak';\nGO\n"+
		"CHECKPOINT 30;\nBACKUP DATABASE Sales TO DISK = 'B:\\b.bak';\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--fix", "--new-from-rev", "HEAD", "db")
	got, _ := os.ReadFile(p)
	want := "USE Sales;\nBACKUP DATABASE Sales TO DISK = 'B:\\a.bak';\nGO\n" +
		"CHECKPOINT 10;\nBACKUP DATABASE Sales TO DISK = 'B:\\old.bak';\nGO\n" +
		"BACKUP DATABASE Sales TO DISK = 'B:\\b.bak';\n"
	if string(got) != want || code != 0 {
		t.Errorf("exit %d, fixed to\n%s\nwant (the old CHECKPOINT 10 left alone)\n%s\n%s%s", code, got, want, out, errs)
	}
}
