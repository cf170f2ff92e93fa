package output

import (
	"bytes"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sqllint/sqllint/report"
)

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	srcRootID    = "%SRCROOT%"
	infoURI      = "https://github.com/sqllint/sqllint"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                        `json:"tool"`
	Invocations        []sarifInvocation                `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                           `json:"columnKind"`
	Results            []sarifResult                    `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version,omitempty"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string              `json:"id"`
	Name                 string              `json:"name,omitempty"`
	ShortDescription     *sarifMultiformat   `json:"shortDescription,omitempty"`
	FullDescription      *sarifMultiformat   `json:"fullDescription,omitempty"`
	Help                 *sarifMultiformat   `json:"help,omitempty"`
	HelpURI              string              `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifConfiguration `json:"defaultConfiguration,omitempty"`
	Properties           *sarifRuleProps     `json:"properties,omitempty"`
}

type sarifMultiformat struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Tags []string `json:"tags"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	Properties          *sarifResultProps `json:"properties,omitempty"`
}

type sarifResultProps struct {
	ConfirmedOn string `json:"confirmedOn"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine,omitempty"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     *sarifMessage         `json:"description,omitempty"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion           `json:"deletedRegion"`
	InsertedContent *sarifArtifactContent `json:"insertedContent,omitempty"`
}

type sarifArtifactContent struct {
	Text string `json:"text"`
}

// sarifLevel maps a severity onto SARIF's levels.
func sarifLevel(sev string) string {
	switch severity(sev) {
	case report.Error:
		return "error"
	case report.Warning:
		return "warning"
	default:
		return "note"
	}
}

func writeSARIF(b *bytes.Buffer, r *report.Report, opt Options) error {
	return writeStreamed(b, "sarif", r, opt)
}

// sarifResultOf is the result of a finding whose rule is descriptor idx.
func sarifResultOf(f *report.Finding, idx int, fp, root string) *sarifResult {
	res := new(sarifResult)
	sarifResultInto(res, new(sarifScratch), f, idx, fp, artifactLocation(f.Path, root), sarifArtifactLocation{})
	return res
}

// sarifScratch is the memory of a result that a stream reuses from one
// finding to the next: its location, region and fingerprints.
type sarifScratch struct {
	locs   [1]sarifLocation
	region sarifRegion
	fps    map[string]string
}

// sarifResultInto sets *res to the result of a finding whose rule is
// descriptor idx and whose file is at loc, in the memory of sc: res is
// good until sc is used again.
func sarifResultInto(res *sarifResult, sc *sarifScratch, f *report.Finding, idx int, fp string, loc, runLoc sarifArtifactLocation) {
	if sc.fps == nil {
		sc.fps = map[string]string{}
	}
	sc.fps[FingerprintKey] = fp
	var reg *sarifRegion
	if r := region(f.Line, f.Column, f.EndLine, f.EndColumn); r != nil {
		sc.region = *r
		reg = &sc.region
	}
	sc.locs[0] = sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: loc, Region: reg}}
	*res = sarifResult{
		RuleID:              f.RuleID,
		RuleIndex:           idx,
		Level:               sarifLevel(f.Severity),
		Message:             sarifMessage{Text: message(f)},
		Locations:           sc.locs[:1:1],
		PartialFingerprints: sc.fps,
	}
	if f.Path == "" {
		sarifRunLevel(res, sc, runLoc)
	}
	if f.Fix != nil {
		if fix, ok := sarifFixOf(f.Fix, loc); ok {
			res.Fixes = []sarifFix{fix}
		}
	}
	if f.Confirmed != "" {
		res.Properties = &sarifResultProps{ConfirmedOn: f.Confirmed}
	}
}

// sarifRunLevel places res, a run-level finding's result (live mode:
// about the server, not a file), at line 1 of runLoc, the first file
// scanned, and says so in its message: GitHub code scanning refuses a
// whole upload when one result has no file. With no such file (runLoc's
// URI ""), res keeps no location.
func sarifRunLevel(res *sarifResult, sc *sarifScratch, runLoc sarifArtifactLocation) {
	if runLoc.URI == "" {
		res.Locations = nil
		return
	}
	sc.region = sarifRegion{StartLine: 1}
	sc.locs[0] = sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: runLoc, Region: &sc.region}}
	res.Message.Text = runLevelNote + res.Message.Text
}

// runLevelNote starts the message of a run-level finding that a format
// places at Options.RunPath.
const runLevelNote = "about the server, not this file (shown at the first file scanned): "

// sarifDocument is the log of report r with the given results. Its rules
// are the report's, in its order, then the rules findings name that the
// report does not describe (missing, sorted by ID, with their names), so
// every result's ruleIndex points at a descriptor.
func sarifDocument(r *report.Report, opt Options, missing []string, names map[string]string, results []sarifResult) sarifLog {
	root := srcRootSlash(opt.SrcRoot)
	rules := make([]sarifRule, 0, len(r.Rules)+len(missing))
	seen := make(map[string]bool)
	for i := range r.Rules {
		rule := &r.Rules[i]
		if seen[rule.ID] {
			continue
		}
		seen[rule.ID] = true
		rules = append(rules, sarifRuleOf(rule))
	}
	for _, id := range missing {
		rules = append(rules, sarifRule{ID: id, Name: names[id]})
	}

	// The run succeeded unless it exits 2: input errors, or Failed.
	inv := sarifInvocation{ExecutionSuccessful: !r.Failed && len(r.Errors) == 0}
	for _, e := range r.Errors {
		n := sarifNotification{Level: "error", Message: sarifMessage{Text: e.Message}}
		if e.Path != "" {
			n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
				ArtifactLocation: artifactLocation(e.Path, root),
			}}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}

	version, semantic := sarifVersions(r.Version)
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:            toolName(r),
			Version:         version,
			SemanticVersion: semantic,
			InformationURI:  infoURI,
			Rules:           rules,
		}},
		Invocations: []sarifInvocation{inv},
		ColumnKind:  "unicodeCodePoints",
		Results:     results,
	}
	if root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{
			srcRootID: {URI: fileURI(root)},
		}
	}
	return sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}
}

// semver is Semantic Versioning 2.0.0's regular expression (semver.org).
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)` +
	`(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?` +
	`(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

// sarifVersions returns driver.version and driver.semanticVersion for the
// tool version v. The SARIF multitool (SARIF2005) wants a version that
// starts with a digit, and semanticVersion must be a Semantic Versioning
// 2.0.0 version without the "v" that Go module versions carry: v1.2.3 gives
// "1.2.3" twice; a development build ("dev", "(devel)", "") gives
// "0.0.0-dev"; a version that starts with a digit but is not semantic
// gives only version.
func sarifVersions(v string) (version, semantic string) {
	v = strings.TrimSpace(v)
	if len(v) > 1 && v[0] == 'v' && v[1] >= '0' && v[1] <= '9' {
		v = v[1:]
	}
	if v == "" || v[0] < '0' || v[0] > '9' {
		v = "0.0.0-dev"
	}
	if semver.MatchString(v) {
		return v, v
	}
	return v, ""
}

func sarifRuleOf(rule *report.Rule) sarifRule {
	sr := sarifRule{
		ID:                   rule.ID,
		Name:                 rule.Name,
		HelpURI:              rule.HelpURI,
		DefaultConfiguration: &sarifConfiguration{Level: sarifLevel(rule.Severity)},
		Properties:           &sarifRuleProps{Tags: []string{"tsql"}},
	}
	if rule.Title != "" {
		sr.ShortDescription = &sarifMultiformat{Text: rule.Title}
	}
	if rule.Description != "" {
		sr.FullDescription = &sarifMultiformat{Text: rule.Description}
	}
	switch {
	case rule.Help != "":
		// Markdown reads well as plain text too.
		sr.Help = &sarifMultiformat{Text: rule.Help, Markdown: rule.Help}
	case rule.Description != "":
		sr.Help = &sarifMultiformat{Text: rule.Description}
	}
	return sr
}

// sarifFixOf converts a fix; edits without a valid position are left out,
// and a fix with none left is not printed (false).
func sarifFixOf(fix *report.Fix, loc sarifArtifactLocation) (sarifFix, bool) {
	change := sarifArtifactChange{ArtifactLocation: loc}
	for _, e := range fix.Edits {
		reg := region(e.Line, e.Column, e.EndLine, e.EndColumn)
		if reg == nil {
			continue
		}
		rep := sarifReplacement{DeletedRegion: *reg}
		if e.NewText != "" {
			rep.InsertedContent = &sarifArtifactContent{Text: e.NewText}
		}
		change.Replacements = append(change.Replacements, rep)
	}
	if len(change.Replacements) == 0 {
		return sarifFix{}, false
	}
	sf := sarifFix{ArtifactChanges: []sarifArtifactChange{change}}
	if fix.Description != "" {
		sf.Description = &sarifMessage{Text: fix.Description}
	}
	return sf, true
}

// region builds a SARIF region, leaving out values that are unknown (< 1)
// or inconsistent, since the schema requires them to be at least 1.
func region(line, col, endLine, endCol int) *sarifRegion {
	if line < 1 {
		return nil
	}
	reg := &sarifRegion{StartLine: line}
	if col >= 1 {
		reg.StartColumn = col
	}
	if endLine >= line {
		reg.EndLine = endLine
	}
	if endCol >= 1 && reg.EndLine != 0 && (endLine > line || endCol >= col) {
		reg.EndColumn = endCol
	}
	return reg
}

// srcRootSlash is the source root as a slash-separated absolute path
// ending in "/" ("" when there is none).
func srcRootSlash(root string) string {
	if root == "" {
		return ""
	}
	s := filepath.ToSlash(root)
	if !isAbsPath(s) {
		if abs, err := filepath.Abs(root); err == nil {
			s = filepath.ToSlash(abs)
		}
	}
	unc := strings.HasPrefix(s, "//")
	s = path.Clean(s)
	if unc { // path.Clean would turn //server/share into /server/share
		s = "/" + s
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s
}

// isAbsPath reports whether a slash-separated path is absolute on some
// system: /unix, //server/share, or C:/windows.
func isAbsPath(p string) bool {
	return strings.HasPrefix(p, "/") || hasDrive(p)
}

func hasDrive(p string) bool {
	return len(p) >= 3 && p[1] == ':' && p[2] == '/' &&
		(p[0] >= 'a' && p[0] <= 'z' || p[0] >= 'A' && p[0] <= 'Z')
}

// artifactLocation turns a finding path into a SARIF artifact location:
// relative paths (and absolute ones inside the source root) become a
// relative URI against %SRCROOT%; other absolute paths become file:// URIs.
func artifactLocation(path, root string) sarifArtifactLocation {
	p := relToRoot(path, root)
	if isAbsPath(p) {
		return sarifArtifactLocation{URI: fileURI(p)}
	}
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return sarifArtifactLocation{URI: escapePath(p), URIBaseID: srcRootID}
}

// fileURI turns an absolute slash-separated path into a file URI:
// /a/b → file:///a/b, C:/a → file:///C:/a, //host/share/a → file://host/share/a.
func fileURI(p string) string {
	switch {
	case strings.HasPrefix(p, "//"):
		return "file:" + escapePath(p)
	case hasDrive(p):
		return "file:///" + p[:2] + escapePath(p[2:])
	default:
		return "file://" + escapePath(p)
	}
}

// escapePath percent-encodes a slash-separated path for use in a URI
// (RFC 3986): it keeps unreserved characters, the sub-delimiters, "@" and
// "/", and encodes every other byte, including ":" (so that a relative
// path's first segment is never mistaken for a URI scheme), space (%20),
// "%" and all non-ASCII bytes (as UTF-8).
func escapePath(p string) string {
	const hexDigits = "0123456789ABCDEF"
	var sb strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if keepInPath(c) {
			sb.WriteByte(c)
			continue
		}
		sb.WriteByte('%')
		sb.WriteByte(hexDigits[c>>4])
		sb.WriteByte(hexDigits[c&15])
	}
	return sb.String()
}

func keepInPath(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=@/", c) >= 0
}
