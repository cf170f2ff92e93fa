package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/analysis"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/internal/safewrite"
)

// checkOutputFiles refuses, before anything runs, an output file of a
// scan (a report, --format F=FILE, or the baseline --write-baseline
// writes) that would overwrite what is not sqllint's to overwrite:
//
//   - a script the run checks (a path named, or a file a scanned folder
//     holds that the config's include takes), or any file named *.sql: a
//     shell glob (--write-baseline migrations/*.sql) puts the first
//     script where the file goes;
//   - the baseline the run reads or writes, or the config file, for a
//     report;
//   - for --write-baseline, an existing file that is not a sqllint
//     baseline (README.md): writing one replaces its content;
//   - a read-only file, a folder, or (--write-baseline) standard output.
//
// The errors name the flag and the file.
func checkOutputFiles(specs []outputSpec, writeBaseline, readBaseline string, paths []string, cfg *config.Config) error {
	if writeBaseline == "" && !slices.ContainsFunc(specs, func(s outputSpec) bool { return s.path != "" }) {
		return nil // standard output only
	}
	cwd, _ := os.Getwd()
	inputs := newInputSet(paths, cfg, cwd)
	for _, s := range specs {
		if s.path == "" {
			continue
		}
		flag := "--format " + s.format + "=" + s.path
		if folderName(s.path) {
			return fmt.Errorf("%s: names a folder; give the report's file (%s)", flag, filepath.Join(s.path, "sqllint."+reportExt(s.format)))
		}
		if readOnly(s.path) {
			return fmt.Errorf("%s: %s: %w", flag, s.path, safewrite.ErrReadOnly)
		}
		if f := fileAbove(s.path); f != "" {
			return fmt.Errorf("%s: %s is a file, not a folder: the report cannot go under it", flag, f)
		}
		if why := inputs.script(s.path); why != "" {
			return fmt.Errorf("%s: %s %s; sqllint writes no report over it: give the report a file of its own (such as sqllint.%s)", flag, s.path, why, reportExt(s.format))
		}
		for _, b := range []string{writeBaseline, readBaseline} {
			if b != "" && samePath(s.path, b) {
				return fmt.Errorf("%s: %s is the baseline of this run; a report written there would replace it: give the report a file of its own", flag, s.path)
			}
		}
		if cfg.Path != "" && samePath(s.path, cfg.Path) {
			return fmt.Errorf("%s: %s is the config file of this run; a report written there would replace it: give the report a file of its own", flag, s.path)
		}
	}
	if writeBaseline == "" {
		return nil
	}
	if writeBaseline == "-" {
		return errors.New("--write-baseline -: a baseline is a file that later runs read with --baseline; give its path (.sqllint-baseline.json)")
	}
	if folderName(writeBaseline) || isDir(writeBaseline) {
		return fmt.Errorf("--write-baseline %s: names a folder; give the baseline's file (%s)", writeBaseline, filepath.Join(writeBaseline, ".sqllint-baseline.json"))
	}
	if base := filepath.Base(writeBaseline); base == ".sqllint.yaml" || base == ".sqllint.yml" {
		// later runs would find it as their config file and stop
		return fmt.Errorf("--write-baseline %s: %s is a config file's name; sqllint writes no baseline there: give a baseline file such as .sqllint-baseline.json", writeBaseline, base)
	}
	if readOnly(writeBaseline) {
		return fmt.Errorf("--write-baseline %s: %w", writeBaseline, safewrite.ErrReadOnly)
	}
	if f := fileAbove(writeBaseline); f != "" {
		return fmt.Errorf("--write-baseline %s: %s is a file, not a folder: the baseline cannot go under it", writeBaseline, f)
	}
	if why := inputs.script(writeBaseline); why != "" {
		return fmt.Errorf("--write-baseline %s: %s %s; sqllint writes no baseline over it (a shell glob such as migrations/*.sql after --write-baseline puts a script there): give a baseline file such as .sqllint-baseline.json", writeBaseline, writeBaseline, why)
	}
	if cfg.Path != "" && samePath(writeBaseline, cfg.Path) {
		return fmt.Errorf("--write-baseline %s: %s is the config file of this run; sqllint writes no baseline over it: give a baseline file such as .sqllint-baseline.json", writeBaseline, writeBaseline)
	}
	if !ownBaseline(writeBaseline) {
		return fmt.Errorf("--write-baseline %s: %s holds something other than a sqllint baseline; sqllint does not replace it: give another file, or remove it first", writeBaseline, writeBaseline)
	}
	return nil
}

// readOnly reports whether path (through its links) is a regular file no
// one may write: a version control system (TFVC, Perforce) marks a
// committed baseline so until it is checked out, and would not know of a
// file renamed over it. It is left as it is, as --fix leaves a script
// (internal/safewrite).
func readOnly(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o222 == 0
}

// fileAbove is the nearest existing folder of path (its links
// resolved) when it is no folder but a file, else "": the write would
// fail to make the folders, after the whole scan.
func fileAbove(path string) string {
	if _, ok := outputDescriptor(path); ok {
		return ""
	}
	dir := filepath.Dir(linkTarget(path))
	for {
		info, err := os.Stat(dir)
		if err == nil {
			if info.IsDir() {
				return ""
			}
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// folderName reports whether p ends in a path separator (out/, ci\\ on
// Windows): it names a folder, which the write would make and then fail
// to replace with the file.
func folderName(p string) bool {
	return strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator))
}

// reportExt is the usual file extension of a format's report.
func reportExt(format string) string {
	switch format {
	case "text":
		return "txt"
	case "checkstyle", "junit":
		return "xml"
	case "github", "azure":
		return "log"
	case "gitlab":
		return "json"
	}
	return format
}

// ownBaseline reports whether the file at path may be replaced by a
// baseline: it does not exist, is empty, or is a JSON object with a
// version or sqllint's tool name (a baseline, of this format version or
// another, or one that no longer decodes). A named pipe or device (/dev/null, bash's >(...)) is written
// into, not replaced, and so is accepted too.
func ownBaseline(path string) bool {
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		return true // missing (written), a folder or unreadable: the write says why
	}
	if info.Size() == 0 {
		return true
	}
	data, err := fsread.ReadFile(path, 0)
	if err != nil {
		return true // the write says why
	}
	var head struct {
		Version *int   `json:"version"`
		Tool    string `json:"tool"`
	}
	if json.Unmarshal(data, &head) != nil {
		// a baseline left from a merge with a conflict, or cut short,
		// is written again as its error says
		return len(strings.TrimSpace(string(data))) == 0 || ownTool.Match(data)
	}
	return head.Tool == "sqllint" || head.Version != nil
}

// ownTool matches the tool name sqllint writes in a baseline.
var ownTool = regexp.MustCompile(`"tool"\s*:\s*"sqllint"`)

// inputSet is what a scan reads: the files named and the folders walked.
type inputSet struct {
	files, dirs []string // absolute, symbolic links resolved
	cfg         *config.Config
	cwd         string
}

func newInputSet(paths []string, cfg *config.Config, cwd string) *inputSet {
	s := &inputSet{cfg: cfg, cwd: cwd}
	for _, p := range paths {
		if p == "-" {
			continue
		}
		if isDir(p) {
			s.dirs = append(s.dirs, realPath(p))
		} else {
			s.files = append(s.files, realPath(p))
		}
	}
	return s
}

// script says why the file at p is a script not to be overwritten (it is
// named as an input, a scanned folder holds it as one, or it is named
// *.sql), or "".
func (s *inputSet) script(p string) string {
	r := realPath(p)
	for _, f := range s.files {
		if r == f {
			return "is a script this run checks"
		}
	}
	for _, d := range s.dirs {
		if rel, err := filepath.Rel(d, r); err == nil && rel != "." && !strings.HasPrefix(rel, "..") && s.walked(r) {
			return "is a script this run checks"
		}
	}
	if strings.EqualFold(filepath.Ext(p), ".sql") {
		return "looks like a SQL script (.sql)"
	}
	return ""
}

// walked reports whether the config's include and exclude take the file
// at abs (absolute) when a folder walk finds it.
func (s *inputSet) walked(abs string) bool {
	base := s.cfg.Dir
	if base == "" {
		base = s.cwd
	}
	rel, err := filepath.Rel(realPath(base), abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	return config.Match(s.cfg, filepath.ToSlash(rel), true)
}

// samePath reports whether a and b name the same file.
func samePath(a, b string) bool {
	return realPath(a) == realPath(b)
}

// realPath is p absolute and cleaned, its symbolic links resolved as far
// as they exist (a file not yet written keeps its name).
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = filepath.Clean(p)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	dir, name := filepath.Split(abs)
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return filepath.Join(r, name)
	}
	return abs
}

// writeOutput writes a report or a baseline to path, whole or not at all
// (analysis.WriteFile: a temporary file renamed over it), making its
// folder as needed. A symbolic link is followed, as a shell's > does:
// the file it points to is written and the link stays
// (latest.sarif -> reports/2026-12-03.sarif).
func writeOutput(path string, data []byte) error {
	return writeOutputFrom(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeOutputFrom is writeOutput of the bytes write writes.
func writeOutputFrom(path string, write func(io.Writer) error) error {
	if fd, ok := outputDescriptor(path); ok {
		return writeDescriptor(path, fd, write)
	}
	target := linkTarget(path)
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	return analysis.WriteFileWith(target, write, 0o644)
}

// outputDescriptor reports whether path names, itself or through
// symbolic links, one of the process's open descriptors (/dev/stdout,
// /dev/stderr, /dev/fd/N, /proc/self/fd/N; bash's >(...) gives
// /dev/fd/63), and which. Such a path is written into: followed as a
// link it leads to "pipe:[N]" (no file), or to the file the shell
// redirected the descriptor to, which a file renamed over it would
// replace (2>>build.log lost the log, > all.txt what was printed).
func outputDescriptor(path string) (int, bool) {
	if runtime.GOOS == "windows" {
		return 0, false
	}
	for range 40 {
		p := filepath.ToSlash(filepath.Clean(path))
		switch p {
		case "/dev/stdout":
			return 1, true
		case "/dev/stderr":
			return 2, true
		}
		for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
			if n, ok := strings.CutPrefix(p, dir); ok {
				if fd, err := strconv.Atoi(n); err == nil && fd >= 0 {
					return fd, true
				}
			}
		}
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&os.ModeSymlink == 0 {
			return 0, false
		}
		to, err := os.Readlink(path)
		if err != nil {
			return 0, false
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return 0, false
}

// writeDescriptor writes what write writes into the open descriptor fd
// (named path), at its offset and in its mode, leaving it open.
func writeDescriptor(path string, fd int, write func(io.Writer) error) error {
	if fd == 1 || fd == 2 {
		// written as standard output (or error) itself: a reader gone
		// (--format json=/dev/stdout | head -1) ends sqllint quietly, as
		// it does on standard output (SIGPIPE), where a copy of the
		// descriptor only got EPIPE and said "/dev/stdout: broken pipe"
		f := os.Stdout
		if fd == 2 {
			f = os.Stderr
		}
		if err := write(f); err != nil {
			return fmt.Errorf("%s: %w", path, safewrite.UnwrapPath(err))
		}
		return nil
	}
	f, err := openDescriptor(fd, path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, safewrite.UnwrapPath(err))
	}
	werr := write(f)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("%s: %w", path, safewrite.UnwrapPath(werr))
	}
	return nil
}

// linkTarget is the file the symbolic link at path points to, through
// every link (to a file not yet written too), or path when it is no link.
func linkTarget(path string) string {
	for range 40 { // the kernel's own limit
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&os.ModeSymlink == 0 {
			return path
		}
		to, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return path
}
