// Package lsp is sqllint's language server: it speaks the Language
// Server Protocol 3.17 over a byte stream (stdio for `sqllint lsp`) and
// publishes the findings of open T-SQL documents as diagnostics, with
// quick fixes, "suppress with a reason" actions and the rules'
// documentation on hover.
//
// The protocol layer is this package's own (JSON-RPC 2.0 with
// Content-Length framing and the few LSP types the server needs): the Go
// LSP libraries either pull in logging frameworks and websockets or stop
// at LSP 3.16, and a linter answers only a handful of methods.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/sqllint/sqllint/analysis"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
)

// Options configure a server.
type Options struct {
	// Analyzer runs the rules; nil = Pipeline{}.
	Analyzer Analyzer
	// Debounce is how long the server waits after the last change of a
	// document before analysing it; 0 = 300 ms.
	Debounce time.Duration
	// Version is reported in serverInfo.
	Version string
	// Log receives the server's own log lines (stderr for `sqllint lsp`;
	// stdout is the protocol's). nil = none.
	Log io.Writer
	// ConfigFile is the config file every script uses (`sqllint lsp
	// --config FILE`), clean and absolute; "" = the one found from each
	// script's folder. Its changes re-check the open scripts, as those
	// of .sqllint.yaml do.
	ConfigFile string
	// ParentPoll is how often the server checks that the editor's
	// process (initialize's processId) is alive; 0 = 3 s.
	ParentPoll time.Duration

	processAlive func(pid int) bool // tests: nil = the system's
	handling     func(m *message)   // tests: called before each message is handled
}

// Server is one language-server session.
type Server struct {
	opt  Options
	conn *conn
	log  *log.Logger

	ctx        context.Context // cancelled when the session ends
	cancel     context.CancelFunc
	runs       sync.WaitGroup // analyses in flight
	parentGone chan struct{}  // the editor's process exited
	sem        chan struct{}  // one analysis at a time: the machine is shared with the editor

	mu          sync.Mutex
	docs        map[string]*document // by URI
	overlay     map[string][]byte    // the open buffers by path, for the checks (overlayNow); nil when a document changed since
	enc         posEncoding
	caps        clientCapabilities
	init        initOptions
	roots       []string             // the client's workspace folders (and root), clean paths
	watched     map[string]bool      // baseline files the client was asked to watch
	pending     map[string]pullChain // waiting pulls by canonicalID
	initialized bool                 // initialize answered
	shutdown    bool
	pull        bool        // the client pulls diagnostics: none are published
	refresh     *time.Timer // a workspace/diagnostic/refresh to send
	stopped     bool        // Run has ended: nothing more is sent
	nextID      int
}

// document is an open text document.
type document struct {
	uri, path string
	untitled  string // the name of an untitled: document (path ""), checked alone
	version   int
	text      text
	lint      bool // a T-SQL script (by language or extension)

	gen      int // bumped by every scheduled analysis; a result of an older one is dropped
	timer    *time.Timer
	cancel   context.CancelFunc // of the analysis in flight
	result   *result            // the last published one
	baseline string             // the baseline file of its last analysis, "" for none
	context  []string           // what its last analysis read as context: folders and files, clean absolute paths
	includes []string           // the files its last analysis included (:r, nested), clean absolute paths

	pulls     []*pullRequest // pulls waiting for the analysis in progress
	cancelled int            // how many of them were cancelled
	reported  string         // the result ID the client last pulled, "" before
}

// result is one finished analysis of one version of a document.
type result struct {
	version  int
	text     *text // the text analysed
	findings []report.Finding
	diags    []Diagnostic // diags[i] is findings[i]; then a config error, if any
	id       string       // its result ID, for pulled diagnostics
	full     rawResult    // the answer to a pull of its full report (pullAnswer)

	once  sync.Once
	stmts []stmtSpan // statements of the text, found on first need
}

// New returns a server that reads requests from r and writes to w.
func New(r io.Reader, w io.Writer, opt Options) *Server {
	if opt.Analyzer == nil {
		opt.Analyzer = Pipeline{}
	}
	if opt.Debounce == 0 {
		opt.Debounce = 300 * time.Millisecond
	}
	logw := opt.Log
	if logw == nil {
		logw = io.Discard
	}
	ctx, cancel := context.WithCancel(context.Background())
	logger := log.New(logw, "sqllint lsp: ", log.LstdFlags)
	c := newConn(r, w)
	c.out = newOutbox(w, logger)
	return &Server{
		opt: opt, conn: c, log: logger,
		ctx: ctx, cancel: cancel, sem: make(chan struct{}, 1), parentGone: make(chan struct{}, 1), docs: map[string]*document{}, watched: map[string]bool{}, pending: map[string]pullChain{},
	}
}

// Run serves until the client sends exit or closes the stream, a write
// to the client fails (it is gone, though something may still hold its
// end of the input open), or the editor's process named in initialize
// exits. It returns the process
// exit status the specification asks for: 0 after shutdown then exit,
// 1 otherwise.
func (s *Server) Run() int {
	s.conn.out.start()
	defer func() {
		s.stop()
		s.conn.out.close(exitStall)
	}()
	msgs := make(chan read)
	go s.readLoop(msgs)
	for {
		var r read
		select {
		case r = <-msgs:
		case <-s.parentGone:
			return s.exitCode()
		case <-s.conn.out.failed:
			return s.exitCode()
		}
		m, err := r.m, r.err
		if err != nil {
			var pe *parseError
			if errors.As(err, &pe) {
				s.log.Print(err)
				_ = s.conn.replyError(nil, pe.code(), err.Error())
				continue
			}
			if errors.Is(err, errBadFrame) {
				s.log.Printf("%v: dropped, reading on", err)
				continue
			}
			if !errors.Is(err, io.EOF) {
				s.log.Print(err)
			}
			return s.exitCode()
		}
		if m.Method == "exit" {
			return s.exitCode()
		}
		s.handle(m)
	}
}

// exitStall is how long Run, at the end of the session, waits for a
// client that reads none of the messages still queued for it: a client
// that reads them gets them all, one that stopped reading does not keep
// the server running.
const exitStall = 500 * time.Millisecond

// read is one message read from the client, or why there is none.
type read struct {
	m   *message
	err error
}

// readLoop reads the client's messages on its own goroutine, so that
// Run can end while a read blocks (the editor's process died but
// something still holds the pipe open). It stops after an error that
// ends the stream, or when the session ends.
func (s *Server) readLoop(out chan<- read) {
	for {
		m, err := s.conn.read()
		if n := s.conn.skipped; n > 0 {
			s.log.Printf("skipped %d bytes before a message header: the rest of a message without a usable header, or of one whose Content-Length was too short (bytes, not characters, count)", n)
		}
		if n := s.conn.overran; n > 0 {
			s.log.Printf("the Content-Length of a message counted %d bytes past its end, the start of the next message (bytes, not characters, count)", n)
		}
		select {
		case out <- read{m, err}:
		case <-s.ctx.Done():
			return
		}
		var pe *parseError
		if err != nil && !errors.As(err, &pe) && !errors.Is(err, errBadFrame) {
			return
		}
	}
}

func (s *Server) exitCode() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return 0
	}
	return 1
}

// stop cancels every pending and running analysis and waits for them.
func (s *Server) stop() {
	s.mu.Lock()
	for _, d := range s.docs {
		d.gen++
		if d.timer != nil {
			d.timer.Stop()
		}
		if d.cancel != nil {
			d.cancel()
		}
	}
	if s.refresh != nil {
		s.refresh.Stop()
		s.refresh = nil
	}
	s.stopped = true
	s.mu.Unlock()
	s.cancel()
	s.runs.Wait()
}

func (s *Server) handle(m *message) {
	defer s.recoverHandler(m)
	if s.opt.handling != nil {
		s.opt.handling(m)
	}
	switch {
	case m.isRequest():
		result, rerr := s.request(m)
		if rerr != nil {
			_ = s.conn.write(errorResponse{JSONRPC: "2.0", ID: m.ID, Error: rerr})
			return
		}
		if _, later := result.(deferred); later {
			return
		}
		_ = s.conn.reply(m.ID, result)
	case m.isNotification():
		s.notification(m)
	case len(m.ID) == 0 && m.Result == nil && m.Error == nil:
		// neither a request, a notification nor a response ({} or null)
		_ = s.conn.replyError(nil, codeInvalidRequest, "not a JSON-RPC message: no method, no id")
	default:
		// A response to one of our requests (client/registerCapability):
		// nothing waits for it.
		if m.Error != nil {
			s.log.Printf("client answered request %s with an error: %v", m.ID, m.Error)
		}
	}
}

// recoverHandler, deferred by handle, turns a panic of the handler of m
// (a bug) into an InternalError answer when m is a request, logged to
// stderr and shown in the editor's log: the session goes on, where the
// panic ended the process and the editor lost every script's
// diagnostics with it. The handlers hold s.mu with defer, or without it
// only around a few reads (s.current, capabilities) that cannot panic,
// so a panic leaves it unlocked.
func (s *Server) recoverHandler(m *message) {
	x := recover()
	if x == nil {
		return
	}
	msg := s.internalError(m.Method, x)
	if m.isRequest() {
		_ = s.conn.replyError(m.ID, codeInternalError, msg)
	}
}

// internalError reports panic x (a bug) of what the server was doing:
// with its stack on stderr, and in the editor's log
// (window/logMessage). It returns the message shown there.
func (s *Server) internalError(what string, x any) string {
	s.log.Printf("%s: internal error: %v\n%s", what, x, debug.Stack())
	msg := fmt.Sprintf("sqllint: internal error in %s (please report it): %v", what, x)
	_ = s.conn.write(outgoing{JSONRPC: "2.0", Method: "window/logMessage", Params: logMessageParams{Type: messageError, Message: msg}})
	return msg
}

// safely runs f on a goroutine of the server's own (a timer's), where a
// panic would end the process and the session with every script's
// diagnostics: a panic of f is reported (internalError) and the
// session goes on.
func (s *Server) safely(what string, f func()) {
	defer func() {
		if x := recover(); x != nil {
			s.internalError(what, x)
		}
	}()
	f()
}

func (s *Server) request(m *message) (any, *rpcError) {
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case m.Method == "initialize":
		if initialized {
			return nil, &rpcError{Code: codeInvalidRequest, Message: "initialize was already sent"}
		}
		return s.initialize(m.Params)
	case !initialized:
		return nil, &rpcError{Code: codeServerNotInitialized, Message: "the server is not initialized yet"}
	case shutdown:
		return nil, &rpcError{Code: codeInvalidRequest, Message: "the server is shutting down"}
	}
	switch m.Method {
	case "shutdown":
		s.shutdownSession()
		return nil, nil
	case "textDocument/diagnostic":
		return s.pullDocument(m.ID, m.Params)
	case "textDocument/codeAction":
		var p codeActionParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalidParams(err)
		}
		actions, version := s.codeActions(&p)
		return s.codeActionResult(p.TextDocument.URI, actions, version), nil
	case "workspace/executeCommand":
		var p executeCommandParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalidParams(err)
		}
		return s.executeCommand(&p)
	case "textDocument/hover":
		var p hoverParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalidParams(err)
		}
		return s.hover(&p), nil
	}
	return nil, &rpcError{Code: codeMethodNotFound, Message: "method not supported: " + m.Method}
}

// shutdownSession answers shutdown: no diagnostics after it, and the
// pulls still waiting are answered.
func (s *Server) shutdownSession() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shutdown = true
	for _, d := range s.docs {
		s.abort(d)
		s.dropPulls(d, pullsShutdown)
	}
	if s.refresh != nil {
		s.refresh.Stop()
		s.refresh = nil
	}
}

func invalidParams(err error) *rpcError {
	return &rpcError{Code: codeInvalidParams, Message: "invalid params: " + err.Error()}
}

func (s *Server) initialize(raw json.RawMessage) (any, *rpcError) {
	var p initializeParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, invalidParams(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.caps = p.Capabilities
	if g := p.Capabilities.General; g != nil {
		s.enc = negotiate(g.PositionEncodings)
	}
	if len(p.InitializationOptions) > 0 {
		_ = json.Unmarshal(p.InitializationOptions, &s.init) // unknown shapes are ignored
	}
	for _, f := range p.WorkspaceFolders {
		if path, err := uriToPath(f.URI); err == nil {
			s.roots = append(s.roots, path)
		}
	}
	if p.RootURI != nil && len(s.roots) == 0 {
		if path, err := uriToPath(*p.RootURI); err == nil {
			s.roots = append(s.roots, path)
		}
	}
	if p.RootURI == nil && p.RootPath != nil && filepath.IsAbs(*p.RootPath) && len(s.roots) == 0 {
		// A client older than rootUri names its folder by path.
		s.roots = append(s.roots, filepath.Clean(*p.RootPath))
	}
	s.initialized = true
	if p.ProcessID != nil {
		s.watchParent(*p.ProcessID)
	}
	caps := serverCapabilities{
		PositionEncoding: s.enc.String(),
		TextDocumentSync: textDocumentSyncOptions{OpenClose: true, Change: syncIncremental, Save: saveOptions{}},
		HoverProvider:    true,
		Workspace:        workspaceCapabilities{WorkspaceFolders: workspaceFoldersServerCapabilities{Supported: true, ChangeNotifications: true}},
	}
	if s.caps.pullDiagnostics() {
		// The client asks for each document's findings; findings of one
		// script depend on the others of its folder.
		s.pull = true
		caps.DiagnosticProvider = &diagnosticOptions{Identifier: "sqllint", InterFileDependencies: true}
	}
	switch {
	case s.caps.literalActions():
		caps.CodeActionProvider = &codeActionProvider{&codeActionOptions{CodeActionKinds: []string{"quickfix", fixAllKind}}}
	case s.caps.applyEdit():
		// Commands, and no options: they are for clients that take
		// CodeAction literals only. A client that takes neither is
		// offered no actions, and no provider.
		caps.CodeActionProvider = &codeActionProvider{}
	}
	if !s.caps.literalActions() && s.caps.applyEdit() {
		// Its quick fixes are commands that the server runs by sending
		// their edit back (announced to these clients only: VS Code's
		// client registers every command named here as an editor
		// command, and a second server naming the same one fails).
		caps.ExecuteCommandProvider = &executeCommandOptions{Commands: []string{applyEditCommand}}
	}
	return initializeResult{Capabilities: caps, ServerInfo: serverInfo{Name: "sqllint", Version: s.opt.Version}}, nil
}

func (s *Server) notification(m *message) {
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	if !initialized || shutdown {
		return // before initialize they are dropped; after shutdown only exit counts
	}
	var err error
	switch m.Method {
	case "initialized":
		s.registerWatchers()
	case "textDocument/didOpen":
		var p didOpenParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			s.didOpen(&p)
		}
	case "textDocument/didChange":
		var p didChangeParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			s.didChange(&p)
		}
	case "textDocument/didSave":
		var p didSaveParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			s.didSave(&p)
		}
	case "textDocument/didClose":
		var p didCloseParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			s.didClose(&p)
		}
	case "workspace/didChangeWatchedFiles":
		var p didChangeWatchedFilesParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			s.didChangeWatchedFiles(&p)
		}
	case "workspace/didChangeConfiguration":
		s.didChangeConfiguration()
	case "$/cancelRequest":
		var p cancelParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			s.cancelRequest(&p)
		}
	case "workspace/didChangeWorkspaceFolders":
		var p didChangeWorkspaceFoldersParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			s.didChangeWorkspaceFolders(&p)
		}
	}
	if err != nil {
		s.log.Printf("%s: %v", m.Method, err)
	}
}

// registerWatchers asks the client to report changes of config files and
// scripts on disk (a checkout changes the context of open documents).
func (s *Server) registerWatchers() {
	s.mu.Lock()
	ok := s.caps.Workspace != nil && s.caps.Workspace.DidChangeWatchedFiles != nil && s.caps.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.nextID++
	id := s.nextID
	var configGlob any
	if s.opt.ConfigFile != "" {
		// The --config file: watched in its own folder when the client
		// takes relative patterns (it may lie outside the workspace),
		// else by its name unless **/.sqllint.yaml covers it.
		g := s.fileGlob(s.opt.ConfigFile)
		if _, rel := g.(relativePattern); rel || !isConfig(s.opt.ConfigFile) {
			configGlob = g
		}
	}
	s.mu.Unlock()
	if !ok {
		return
	}
	var watchers []fileSystemWatcher
	for _, name := range config.FileNames {
		watchers = append(watchers, fileSystemWatcher{GlobPattern: "**/" + name})
	}
	if configGlob != nil {
		watchers = append(watchers, fileSystemWatcher{GlobPattern: configGlob})
	}
	watchers = append(watchers, fileSystemWatcher{GlobPattern: "**/*.sql"})
	_ = s.conn.request(id, "client/registerCapability", registrationParams{Registrations: []registration{{
		ID: "sqllint-watch", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: didChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}})
}

func (s *Server) didOpen(p *didOpenParams) {
	path, err := uriToPath(p.TextDocument.URI)
	s.mu.Lock()
	defer s.mu.Unlock()
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version}
	d.text.set(p.TextDocument.Text)
	s.overlay = nil
	d.lint = err == nil && (strings.EqualFold(p.TextDocument.LanguageID, "sql") || strings.EqualFold(filepath.Ext(path), ".sql"))
	if name, ok := untitledName(p.TextDocument.URI); ok && err != nil {
		// A new query not yet saved: checked alone, with the config of
		// the first workspace folder.
		_, isText := s.opt.Analyzer.(TextAnalyzer)
		d.untitled = name
		d.lint = isText && strings.EqualFold(p.TextDocument.LanguageID, "sql")
	}
	if old := s.docs[d.uri]; old != nil {
		s.abort(old)
		if d.lint {
			// Opened again without a close: its waiting pulls wait for
			// the check of the new text (they were never answered).
			d.pulls, d.cancelled = old.pulls, old.cancelled
			old.pulls, old.cancelled = nil, 0
			for _, p := range d.pulls {
				p.doc = d
			}
		} else {
			s.dropPulls(old, pullsClosed)
		}
	}
	s.docs[d.uri] = d
	if s.isConfig(path) {
		s.scheduleAll(0)
		return
	}
	s.schedule(d, 0)
	s.scheduleSiblings(d, s.opt.Debounce)
}

func (s *Server) didChange(p *didChangeParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.log.Printf("didChange of a document that is not open: %s", p.TextDocument.URI)
		return
	}
	d.text.applyAll(p.ContentChanges, s.enc)
	s.overlay = nil
	d.version = p.TextDocument.Version
	s.dropPulls(d, pullsChanged)
	s.schedule(d, s.opt.Debounce)
	s.scheduleSiblings(d, s.opt.Debounce)
}

func (s *Server) didSave(p *didSaveParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	path, err := uriToPath(p.TextDocument.URI)
	if err == nil && s.isConfig(path) {
		s.scheduleAll(0)
		return
	}
	if err == nil {
		s.scheduleBaselined(path, 0)
	}
	if d := s.docs[p.TextDocument.URI]; d != nil {
		if p.Text != nil && *p.Text != d.text.s {
			d.text.set(*p.Text)
			s.overlay = nil
			s.dropPulls(d, pullsChanged)
		}
		s.schedule(d, 0)
		s.scheduleSiblings(d, s.opt.Debounce)
	}
}

func (s *Server) didClose(p *didCloseParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return
	}
	s.abort(d)
	s.dropPulls(d, pullsClosed)
	delete(s.docs, d.uri)
	s.overlay = nil
	if d.lint && !s.pull {
		// Diagnostics are for open documents only.
		_ = s.conn.notifyLatest(publishKey(d.uri), "textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Diagnostics: []Diagnostic{}})
	}
	if s.isConfig(d.path) {
		s.scheduleAll(0) // the buffer no longer overrides the file
		return
	}
	s.scheduleSiblings(d, s.opt.Debounce)
}

func (s *Server) didChangeWatchedFiles(p *didChangeWatchedFilesParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	dirs, names := map[string]bool{}, map[string]bool{}
	var paths []string
	for _, c := range p.Changes {
		path, err := uriToPath(c.URI)
		if err != nil {
			continue
		}
		if s.isConfig(path) {
			s.scheduleAll(s.opt.Debounce / 3)
			return
		}
		s.scheduleBaselined(path, s.opt.Debounce/3)
		dirs[filepath.Dir(path)] = true
		names[filepath.Base(path)] = true
		paths = append(paths, path)
	}
	for _, d := range s.docs {
		if slices.ContainsFunc(paths, d.readsAsContext) {
			s.schedule(d, s.opt.Debounce/3)
			continue
		}
		for dir := range dirs {
			if within(dir, filepath.Dir(d.path)) {
				s.schedule(d, s.opt.Debounce/3)
				break
			}
		}
		if d.path == "" || len(names) == 0 {
			continue
		}
		// it may include a changed file (in another folder)
		if slices.ContainsFunc(includeLines(d.text.s), func(l string) bool {
			for name := range names {
				if strings.Contains(l, strings.ToLower(name)) {
					return true
				}
			}
			return false
		}) {
			s.schedule(d, s.opt.Debounce/3)
		}
	}
}

// didChangeWorkspaceFolders follows the folders the user adds to the
// workspace and removes from it: a script in an added folder gets its
// folder walked as context (it had only the scripts beside it, as a
// script outside the workspace does), one in a removed folder no longer.
func (s *Server) didChangeWorkspaceFolders(p *didChangeWorkspaceFoldersParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range p.Event.Removed {
		if path, err := uriToPath(f.URI); err == nil {
			s.roots = slices.DeleteFunc(s.roots, func(r string) bool { return samePath(r, path) })
		}
	}
	for _, f := range p.Event.Added {
		if path, err := uriToPath(f.URI); err == nil && !slices.ContainsFunc(s.roots, func(r string) bool { return samePath(r, path) }) {
			s.roots = append(s.roots, path)
		}
	}
	s.scheduleAll(s.opt.Debounce / 3)
}

// didChangeConfiguration re-checks every open script: the server has no
// settings of its own, but a client that cannot watch files (no dynamic
// registration) says so when the user changed the configuration, and
// the config file or the baseline it names may be what changed on disk.
func (s *Server) didChangeConfiguration() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scheduleAll(s.opt.Debounce / 3)
}

// isConfig reports whether path is a config file of the open scripts:
// one named as sqllint looks for them, or the one --config gave.
func (s *Server) isConfig(path string) bool {
	return isConfig(path) || s.opt.ConfigFile != "" && samePath(path, s.opt.ConfigFile)
}

func isConfig(path string) bool {
	base := filepath.Base(path)
	for _, n := range config.FileNames {
		if base == n {
			return true
		}
	}
	return false
}

// abort stops d's pending and running analyses. s.mu is held.
func (s *Server) abort(d *document) {
	d.gen++
	if d.timer != nil {
		d.timer.Stop()
		d.timer = nil
	}
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
}

// schedule (re)starts d's analysis after delay, superseding any pending
// or running one. s.mu is held.
func (s *Server) schedule(d *document, delay time.Duration) {
	if !d.lint {
		return
	}
	s.abort(d)
	gen := d.gen
	d.timer = time.AfterFunc(delay, func() { s.safely("the check of "+d.uri, func() { s.analyze(d, gen) }) })
}

// scheduleSiblings re-analyses the other open scripts of d's folder and
// of the folders above it, those whose last analysis read d as context
// (wherever it lies), and those that include d or that d includes with
// :r (wherever they lie): d is part of their context. s.mu is held.
func (s *Server) scheduleSiblings(d *document, delay time.Duration) {
	dir := filepath.Dir(d.path)
	var includes []string // d's :r lines, read once
	if d.path != "" && len(s.docs) > 1 {
		includes = includeLines(d.text.s)
	}
	for _, o := range s.docs {
		if o == d {
			continue
		}
		if within(dir, filepath.Dir(o.path)) || d.path != "" && o.path != "" && (o.readsAsContext(d.path) || includesName(o.text.s, filepath.Base(d.path)) || namesFile(includes, filepath.Base(o.path))) {
			s.schedule(o, delay)
		}
	}
}

// readsAsContext reports whether the last analysis of d read the
// script at path as context: it lies in a folder d's context walked, or
// is a file of it, or one the script included (with :r, through a
// variable or from an included file too). s.mu is held.
func (d *document) readsAsContext(path string) bool {
	return slices.ContainsFunc(d.context, func(c string) bool { return samePath(c, path) || within(filepath.Dir(path), c) }) ||
		slices.ContainsFunc(d.includes, func(c string) bool { return samePath(c, path) })
}

// includesName reports whether script text has a :r line naming a file
// called name (letter case aside, as sqllint resolves :r paths): the
// script may include that file. A line naming it through a variable
// alone is missed.
func includesName(text, name string) bool {
	return namesFile(includeLines(text), name)
}

// namesFile reports whether one of the :r lines (includeLines) names a
// file called name.
func namesFile(lines []string, name string) bool {
	name = strings.ToLower(name)
	return slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, name) })
}

// includeLines returns the :r lines of script text, in lower case.
func includeLines(text string) []string {
	lines := rLines(text)
	for i, l := range lines {
		lines[i] = strings.ToLower(l)
	}
	return lines
}

// rLines returns the :r lines of script text, from the colon on.
func rLines(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], ':')
		if j < 0 {
			break
		}
		j += i
		i = j + 1
		k := j
		for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t') {
			k--
		}
		if k > 0 && text[k-1] != '\n' && text[k-1] != '\r' || j+2 >= len(text) || text[j+1] != 'r' && text[j+1] != 'R' || text[j+2] != ' ' && text[j+2] != '\t' {
			continue
		}
		end := strings.IndexAny(text[j:], "\r\n")
		if end < 0 {
			end = len(text) - j
		}
		out = append(out, text[j:j+end])
	}
	return out
}

// watchIncludes asks the client to watch the files that the :r lines of
// d's text name outside every workspace folder (include-outside:,
// include-roots:), as sqllint resolves them, and those its last check
// included (through a $(var), from an included file): **/*.sql covers those inside, and a change of one re-checks
// d (didChangeWatchedFiles). Only a client that takes relative patterns
// can watch a file outside the workspace. s.mu is held.
func (s *Server) watchIncludes(d *document, text string) {
	w := s.caps.Workspace
	if d.path == "" || w == nil || w.DidChangeWatchedFiles == nil || !w.DidChangeWatchedFiles.RelativePatternSupport {
		return
	}
	outside := func(target string) bool {
		return !slices.ContainsFunc(s.roots, func(r string) bool { return within(filepath.Dir(target), r) })
	}
	for _, l := range rLines(text) {
		if target, ok := parser.IncludeTarget(d.path, l); ok && outside(target) {
			s.watchFile(target, "include")
		}
	}
	// and those the check included: through a variable, from an
	// included file
	for _, target := range d.includes {
		if outside(target) {
			s.watchFile(target, "include")
		}
	}
}

// within reports whether folder dir is folder top or below it: a script
// in dir is then context of the scripts in top, whose folder is walked
// with its subfolders.
func within(dir, top string) bool {
	rel, err := filepath.Rel(top, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// scheduleBaselined re-analyses the open scripts whose baseline is the
// file at path. s.mu is held.
func (s *Server) scheduleBaselined(path string, delay time.Duration) {
	for _, d := range s.docs {
		if d.baseline != "" && samePath(d.baseline, path) {
			s.schedule(d, delay)
		}
	}
}

// watchFile asks the client to report the changes of file path (a
// baseline, a config), once per file: the config files of the workspace
// and the scripts are watched from the start, a baseline is known once a
// script's config names it. s.mu is held.
func (s *Server) watchFile(path, kind string) {
	if path != "" {
		s.watchGlob(path, s.fileGlob(path), kind)
	}
}

// watchGlob asks the client to watch what glob matches, once per key.
// s.mu is held.
func (s *Server) watchGlob(key string, glob any, kind string) {
	w := s.caps.Workspace
	if s.watched[key] || w == nil || w.DidChangeWatchedFiles == nil || !w.DidChangeWatchedFiles.DynamicRegistration {
		return
	}
	s.watched[key] = true
	s.nextID++
	_ = s.conn.request(s.nextID, "client/registerCapability", registrationParams{Registrations: []registration{{
		ID: fmt.Sprintf("sqllint-watch-%s-%d", kind, len(s.watched)), Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: didChangeWatchedFilesRegistrationOptions{Watchers: []fileSystemWatcher{{GlobPattern: glob}}},
	}}})
}

// watchContext asks the client to watch the scripts of d's context that
// lie outside every workspace folder (the Flyway location above a
// workspace opened on its subfolder, a config's context: folders, the
// scripts beside one opened from elsewhere): **/*.sql covers those
// inside, and a change of one re-checks d (didChangeWatchedFiles). A
// folder is watched with its subfolders, a file by the scripts of its
// folder. Only a client that takes relative patterns can watch outside
// the workspace. s.mu is held.
func (s *Server) watchContext(d *document) {
	w := s.caps.Workspace
	if w == nil || w.DidChangeWatchedFiles == nil || !w.DidChangeWatchedFiles.RelativePatternSupport {
		return
	}
	for _, c := range d.context {
		if s.watched["context "+c] || slices.ContainsFunc(s.roots, func(r string) bool { return within(c, r) }) {
			continue
		}
		s.watched["context "+c] = true
		base, pattern := c, "**/*.sql"
		if info, err := os.Stat(c); err != nil || !info.IsDir() {
			base, pattern = filepath.Dir(c), "*.sql"
		}
		s.watchGlob(base+string(filepath.ListSeparator)+pattern, relativePattern{BaseURI: pathURI(base), Pattern: pattern}, "context")
	}
}

// watchConfig asks the client to watch the files where a config of the
// script at path can be, as sqllint looks for it: in each folder from
// the script's upward to the one of cfg, the config file it uses (""
// for none: to the filesystem root, then the home folder), both names.
// Then an edit of the config in use, and a config created nearer the
// script or where there was none, re-check it. The folders inside a
// workspace folder are left out (**/.sqllint.yaml covers them): what is
// watched lies above the workspace (one opened on a subfolder of the
// repository) or in the home folder. Only a client that takes relative
// patterns can watch a file outside the workspace. s.mu is held.
func (s *Server) watchConfig(path, cfg string) {
	w := s.caps.Workspace
	if path == "" || w == nil || w.DidChangeWatchedFiles == nil || !w.DidChangeWatchedFiles.RelativePatternSupport || s.opt.ConfigFile != "" {
		return // the --config file is watched from the start
	}
	var dirs []string
	for d := filepath.Dir(path); ; {
		dirs = append(dirs, d)
		if cfg != "" && samePath(d, filepath.Dir(cfg)) {
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			if home, err := os.UserHomeDir(); err == nil && home != "" {
				dirs = append(dirs, filepath.Clean(home))
			}
			break
		}
		d = parent
	}
	for _, d := range dirs {
		if slices.ContainsFunc(s.roots, func(r string) bool { return within(d, r) }) {
			continue
		}
		for _, name := range config.FileNames {
			s.watchFile(filepath.Join(d, name), "config")
		}
	}
}

// fileGlob is the glob pattern of a watcher of the file at path: a
// relative pattern on its folder for a client that supports them (it
// then reports changes outside the workspace too), else **/ and its
// name, which a client matches within the workspace (the server checks
// the full path of what it is told). s.mu is held.
func (s *Server) fileGlob(path string) any {
	if w := s.caps.Workspace; w != nil && w.DidChangeWatchedFiles != nil && w.DidChangeWatchedFiles.RelativePatternSupport {
		return relativePattern{BaseURI: pathURI(filepath.Dir(path)), Pattern: filepath.Base(path)}
	}
	return "**/" + filepath.Base(path)
}

// samePath reports whether two clean absolute paths name the same file:
// on Windows regardless of case (VS Code writes the drive letter in
// lower case, a path typed by the user has it in upper case).
func samePath(a, b string) bool {
	if runtime.GOOS == "windows" {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// scheduleAll re-analyses every open script. s.mu is held.
func (s *Server) scheduleAll(delay time.Duration) {
	for _, d := range s.docs {
		s.schedule(d, delay)
	}
}

// overlayNow is the open buffers by path, for an analysis: built once
// for the checks of the documents as they are (an edit re-checks every
// open script of the folder) and shared by them, which only read it.
// The buffers are read in place: a document's text is never changed,
// only replaced. A copy of each for each check cost, with 200 open
// scripts of a folder, 200 × 200 copies per keystroke. s.mu is held.
func (s *Server) overlayNow() map[string][]byte {
	if s.overlay == nil {
		s.overlay = make(map[string][]byte, len(s.docs))
		for _, o := range s.docs {
			if o.path != "" {
				s.overlay[o.path] = unsafe.Slice(unsafe.StringData(o.text.s), len(o.text.s))
			}
		}
	}
	return s.overlay
}

// analyze runs one analysis of d and publishes it unless a newer one was
// scheduled meanwhile.
func (s *Server) analyze(d *document, gen int) {
	s.mu.Lock()
	if d.gen != gen || s.docs[d.uri] != d {
		s.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	d.cancel = cancel
	d.timer = nil
	version := d.version
	pull := s.pull
	snap := &text{s: d.text.s}
	root := ""
	if len(s.roots) > 0 {
		root = s.roots[0]
	}
	if d.untitled == "" && s.flat(d.path) { // s.roots is read under s.mu
		ctx = withFlatContext(ctx)
	}
	var ctxPaths, incPaths []string
	ctx = withContextRecord(ctx, &ctxPaths)
	ctx = withIncludeRecord(ctx, &incPaths)
	overlay := s.overlayNow()
	s.runs.Add(1)
	s.mu.Unlock()
	defer s.runs.Done()
	defer cancel()

	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return
	}
	findings, err := s.run(ctx, d, snap.s, root, overlay)
	<-s.sem
	if ctx.Err() != nil {
		return // superseded
	}
	res, baseline, cfgFile := s.outcome(d, version, snap, findings, err, pull)
	s.mu.Lock()
	defer s.mu.Unlock()
	if d.gen != gen || s.docs[d.uri] != d {
		return
	}
	d.result = res
	d.cancel = nil
	d.baseline = baseline
	d.context = d.context[:0]
	for _, p := range ctxPaths {
		if abs, err := filepath.Abs(p); err == nil {
			d.context = append(d.context, abs)
		}
	}
	d.includes = d.includes[:0]
	for _, p := range incPaths {
		if abs, err := filepath.Abs(p); err == nil {
			d.includes = append(d.includes, abs)
		}
	}
	s.watchFile(baseline, "baseline")
	s.watchConfig(d.path, cfgFile)
	s.watchIncludes(d, res.text.s)
	s.watchContext(d)
	// A client in push mode may pull too (it was not offered pull): its
	// waiting pulls are answered as well.
	s.answerPulls(d)
	if s.pull {
		return
	}
	v := version
	diags := res.diags
	if diags == nil {
		diags = []Diagnostic{}
	}
	_ = s.conn.notifyLatest(publishKey(d.uri), "textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Version: &v, Diagnostics: diags})
}

// outcome is the result of d's analysis of version snap, which found
// findings or failed with err, and the baseline and config files of d.
// A panic on the way (a bug in the baseline or config lookup, in the
// conversion to diagnostics) is an error of this analysis, as one of
// the analyzer is (run).
func (s *Server) outcome(d *document, version int, snap *text, findings []report.Finding, err error, pull bool) (res *result, baseline, cfgFile string) {
	defer func() {
		if x := recover(); x != nil {
			s.internalError("the check of "+d.uri, x)
			res, baseline, cfgFile = &result{version: version, text: snap, diags: []Diagnostic{errorDiagnostic(errInternal(x), s.enc)}}, "", ""
			if pull {
				res.id, res.full = pullAnswer(res.diags)
			}
		}
	}()
	if bf, ok := s.opt.Analyzer.(baselineFinder); ok && d.untitled == "" {
		baseline = bf.BaselineOf(d.path)
	}
	if cf, ok := s.opt.Analyzer.(configFinder); ok && d.untitled == "" {
		cfgFile = cf.ConfigOf(d.path)
	}
	res = &result{version: version, text: snap}
	// The script's own findings, kept in place and their diagnostics
	// allocated once: a generated script has many (100,000 took 160 MB
	// in copies of the slices as they grew).
	kept := findings[:0]
	for _, f := range findings {
		if d.untitled != "" && f.Path != d.untitled || d.untitled == "" && (f.Path == "" || filepath.Clean(filepath.FromSlash(f.Path)) != d.path) {
			continue
		}
		kept = append(kept, f)
	}
	kept, left := capFindings(kept)
	if len(kept) > 0 {
		res.findings, res.diags = kept, make([]Diagnostic, 0, len(kept)+2)
	}
	var memo lineMemo // findings come in line order
	for _, f := range res.findings {
		res.diags = append(res.diags, s.diagnostic(snap, f, &memo))
	}
	if left > 0 {
		res.diags = append(res.diags, Diagnostic{Severity: severityInformation, Source: "sqllint",
			Message: fmt.Sprintf("sqllint: %d more findings not shown: the editor gets %d of a script, errors first (sqllint scan reports them all)", left, maxDiagnostics)})
	}
	if err != nil {
		s.log.Printf("%s: %v", d.path, err)
		res.diags = append(res.diags, errorDiagnostic(err, s.enc))
	}
	if pull {
		res.id, res.full = pullAnswer(res.diags)
	}
	return res, baseline, cfgFile
}

// maxDiagnostics bounds the diagnostics of one script. A generated
// script can have hundreds of thousands of findings: their
// publishDiagnostics was one message of 140 MB, marshalled whole, for
// editors that show a thousand per file at most (VS Code, with "Not
// showing N further errors and warnings"). LSP 3.17 sets no bound.
const maxDiagnostics = 10000

// capFindings keeps at most maxDiagnostics of findings (in the order of
// the text), the most severe ones, and returns them with the number
// left out.
func capFindings(findings []report.Finding) ([]report.Finding, int) {
	if len(findings) <= maxDiagnostics {
		return findings, 0
	}
	rank := func(sev string) int {
		switch sev {
		case report.Error:
			return 0
		case report.Warning:
			return 1
		}
		return 2
	}
	// the least severe rank kept, and how many of it
	var count [3]int
	for _, f := range findings {
		count[rank(f.Severity)]++
	}
	least, room := 0, maxDiagnostics
	for least < 2 && count[least] < room {
		room -= count[least]
		least++
	}
	// a slice of their own: the findings left out are not held
	kept := make([]report.Finding, 0, maxDiagnostics)
	for _, f := range findings {
		if r := rank(f.Severity); r < least || r == least && room > 0 {
			if r == least {
				room--
			}
			kept = append(kept, f)
		}
	}
	return kept, len(findings) - len(kept)
}

// errorDiagnostic is the diagnostic at the top of a script whose
// analysis failed with err.
func errorDiagnostic(err error, enc posEncoding) Diagnostic {
	return Diagnostic{Severity: severityError, Source: "sqllint", Message: "sqllint: " + err.Error(), RelatedInformation: configErrorAt(err, enc)}
}

// errInternal is the error of an analysis that ended on panic x.
func errInternal(x any) error {
	return fmt.Errorf("internal error while checking this script (please report it): %v", x)
}

// configErrorAt is where in the config file err, a config error, is:
// the diagnostic at the top of the script links there. None for other
// errors.
func configErrorAt(err error, enc posEncoding) []relatedInformation {
	var ce *config.Error
	if !errors.As(err, &ce) || ce.File == "" {
		return nil
	}
	path, aerr := filepath.Abs(ce.File)
	if aerr != nil {
		return nil
	}
	p := Position{Line: max(ce.Line-1, 0), Character: max(ce.Column-1, 0)}
	if ce.Line > 0 && ce.Column > 1 {
		// The column counts characters, as a finding's does: converted
		// on the file's line to the client's encoding.
		if data, err := fsread.ReadFile(path, 0); err == nil {
			p = findingRange(&text{s: string(data)}, enc, ce.Line, ce.Column, 0, 0).Start
		}
	}
	msg := ce.Msg
	if msg == "" {
		msg = ce.Error()
	}
	return []relatedInformation{{Location: Location{URI: pathURI(path), Range: Range{Start: p, End: p}}, Message: msg}}
}

// run runs the analyzer on d (text for an untitled one). A panic of
// the analyzer is an error of this analysis: it runs on a goroutine of
// its own, where a panic would end the process, and the session with
// every script's diagnostics.
func (s *Server) run(ctx context.Context, d *document, text, root string, overlay map[string][]byte) (findings []report.Finding, err error) {
	defer func() {
		if x := recover(); x != nil {
			s.internalError("the check of "+d.uri, x)
			findings, err = nil, errInternal(x)
		}
	}()
	if d.untitled != "" {
		return s.opt.Analyzer.(TextAnalyzer).AnalyzeText(ctx, d.untitled, text, root)
	}
	return s.opt.Analyzer.Analyze(ctx, d.path, overlay)
}

// publishKey is the outbox key of the diagnostics published for uri: the
// newest replaces those the client has not read yet.
func publishKey(uri string) string { return "publish " + uri }

// findingRange converts a finding's 1-based code-point positions to an
// LSP range in t.
func findingRange(t *text, enc posEncoding, line, col, endLine, endCol int) Range {
	return findingRangeMemo(t, enc, line, col, endLine, endCol, nil)
}

// findingRangeMemo is findingRange going on from the conversions m
// remembers (when not nil) on the same line: the findings of one long
// line are then converted reading it once, not once each.
func findingRangeMemo(t *text, enc posEncoding, line, col, endLine, endCol int, m *lineMemo) Range {
	if line < 1 {
		return Range{}
	}
	a := t.lineColOffsetMemo(line, col, m)
	b := a
	if endLine > 0 {
		b = max(a, t.lineColOffsetMemo(endLine, endCol, m))
	}
	return Range{Start: t.positionMemo(a, enc, m), End: t.positionMemo(b, enc, m)}
}

func (s *Server) diagnostic(t *text, f report.Finding, m *lineMemo) Diagnostic {
	d := Diagnostic{
		Range:   findingRangeMemo(t, s.enc, f.Line, f.Column, f.EndLine, f.EndColumn, m),
		Code:    f.RuleID,
		Source:  "sqllint",
		Message: f.Message,
	}
	switch f.Severity {
	case report.Error:
		d.Severity = severityError
	case report.Warning:
		d.Severity = severityWarning
	default:
		d.Severity = severityInformation
	}
	if f.RuleID == "SL003" && strings.HasSuffix(f.Message, ": remove it") {
		// A suppression that hides nothing: code to delete, shown faded
		// (not one of whose rules still hide something: "remove SL303
		// from it", the comment stays).
		d.Tags = []int{tagUnnecessary}
	}
	if r := ruleByID(f.RuleID); r != nil {
		d.CodeDescription = &codeDescription{Href: r.HelpURI()}
	}
	return d
}

// uriToPath turns a file: URI into a clean absolute path.
func uriToPath(uri string) (string, error) {
	p, err := fileURIPath(uri)
	if err != nil {
		return "", err
	}
	return filepath.Clean(p), nil
}

// flat reports whether the script at path gets only the scripts beside
// it as context, not its folder walked with its subfolders: when it lies
// outside every workspace folder the client named, or, when the client
// named none, in a filesystem root or the home folder. A query opened
// from /tmp or ~ would otherwise read every script below it at each
// change (a script in / took 35 s per analysis). s.mu is held.
func (s *Server) flat(path string) bool {
	dir := filepath.Dir(path)
	if len(s.roots) == 0 {
		return analysis.NoProjectFolder(dir)
	}
	for _, r := range s.roots {
		if within(dir, r) {
			return false
		}
	}
	return true
}
