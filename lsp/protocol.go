package lsp

import "encoding/json"

// The subset of the LSP 3.17 types the server uses. Field names and
// values follow the specification
// (https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/);
// SnippetTextEdit and StringValue are from 3.18 and only sent to clients
// that announce workspace.workspaceEdit.snippetEditSupport.

// Position is a zero-based line and a character offset in the negotiated
// position encoding (UTF-16 code units unless the client agreed to
// another).
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is [Start, End).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

// initialize

type initializeParams struct {
	ProcessID             *int               `json:"processId"`
	RootURI               *string            `json:"rootUri"`
	RootPath              *string            `json:"rootPath"` // deprecated; what clients before LSP 3.0 send
	WorkspaceFolders      []workspaceFolder  `json:"workspaceFolders"`
	Capabilities          clientCapabilities `json:"capabilities"`
	InitializationOptions json.RawMessage    `json:"initializationOptions,omitempty"`
}

type workspaceFolder struct {
	URI string `json:"uri"`
}

type clientCapabilities struct {
	General *struct {
		PositionEncodings []string `json:"positionEncodings"`
	} `json:"general"`
	Workspace *struct {
		// ApplyEdit: the client applies the edits the server sends with
		// workspace/applyEdit (how a Command changes the text).
		ApplyEdit     bool `json:"applyEdit"`
		WorkspaceEdit *struct {
			DocumentChanges    bool `json:"documentChanges"`
			SnippetEditSupport bool `json:"snippetEditSupport"`
		} `json:"workspaceEdit"`
		DidChangeWatchedFiles *struct {
			DynamicRegistration    bool `json:"dynamicRegistration"`
			RelativePatternSupport bool `json:"relativePatternSupport"`
		} `json:"didChangeWatchedFiles"`
		// Diagnostics: the client pulls again on workspace/diagnostic/refresh.
		Diagnostics *struct {
			RefreshSupport bool `json:"refreshSupport"`
		} `json:"diagnostics"`
	} `json:"workspace"`
	TextDocument *struct {
		CodeAction *struct {
			CodeActionLiteralSupport *struct {
				CodeActionKind struct {
					ValueSet []string `json:"valueSet"`
				} `json:"codeActionKind"`
			} `json:"codeActionLiteralSupport"`
		} `json:"codeAction"`
		Hover *struct {
			ContentFormat []string `json:"contentFormat"`
		} `json:"hover"`
		// Diagnostic: the client pulls diagnostics (LSP 3.17).
		Diagnostic *struct{} `json:"diagnostic"`
	} `json:"textDocument"`
}

// initOptions are the server's own initializationOptions.
type initOptions struct {
	// SelectCommand names a client command that selects a range in an
	// editor (arguments: uri, range); the VS Code extension registers
	// one so that "suppress with a reason" leaves the word "reason"
	// selected, ready to be typed over.
	SelectCommand string `json:"selectCommand"`
}

type initializeResult struct {
	Capabilities serverCapabilities `json:"capabilities"`
	ServerInfo   serverInfo         `json:"serverInfo"`
}

type serverInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type serverCapabilities struct {
	PositionEncoding       string                  `json:"positionEncoding"`
	TextDocumentSync       textDocumentSyncOptions `json:"textDocumentSync"`
	CodeActionProvider     *codeActionProvider     `json:"codeActionProvider,omitempty"`
	HoverProvider          bool                    `json:"hoverProvider"`
	ExecuteCommandProvider *executeCommandOptions  `json:"executeCommandProvider,omitempty"`
	DiagnosticProvider     *diagnosticOptions      `json:"diagnosticProvider,omitempty"`
	Workspace              workspaceCapabilities   `json:"workspace"`
}

// executeCommandOptions names the commands workspace/executeCommand runs.
type executeCommandOptions struct {
	Commands []string `json:"commands"`
}

type executeCommandParams struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments,omitempty"`
}

// applyWorkspaceEditParams is the server's workspace/applyEdit request.
type applyWorkspaceEditParams struct {
	Label string          `json:"label,omitempty"`
	Edit  json.RawMessage `json:"edit"`
}

// workspaceCapabilities says the server follows the client's workspace
// folders as they are added and removed.
type workspaceCapabilities struct {
	WorkspaceFolders workspaceFoldersServerCapabilities `json:"workspaceFolders"`
}

type workspaceFoldersServerCapabilities struct {
	Supported           bool `json:"supported"`
	ChangeNotifications bool `json:"changeNotifications"`
}

type didChangeWorkspaceFoldersParams struct {
	Event struct {
		Added   []workspaceFolder `json:"added"`
		Removed []workspaceFolder `json:"removed"`
	} `json:"event"`
}

// Text document sync kinds.
const (
	syncFull        = 1
	syncIncremental = 2
)

type textDocumentSyncOptions struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"`
	Save      saveOptions `json:"save"`
}

type saveOptions struct {
	IncludeText bool `json:"includeText"`
}

type codeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// codeActionProvider is the server's codeActionProvider: its options for
// a client that takes CodeAction literals, true for one that takes
// Commands (LSP 3.17: "The CodeActionOptions return type is only valid
// if the client signals code action literal support").
type codeActionProvider struct {
	*codeActionOptions // nil: true
}

func (p codeActionProvider) MarshalJSON() ([]byte, error) {
	if p.codeActionOptions == nil {
		return []byte("true"), nil
	}
	return json.Marshal(p.codeActionOptions)
}

func (p *codeActionProvider) UnmarshalJSON(b []byte) error {
	if string(b) == "true" {
		p.codeActionOptions = nil
		return nil
	}
	p.codeActionOptions = &codeActionOptions{}
	return json.Unmarshal(b, p.codeActionOptions)
}

// document synchronisation

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument   versionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                 `json:"contentChanges"`
}

// contentChange is a TextDocumentContentChangeEvent: with a Range it
// replaces that range, without one it is the whole new text.
type contentChange struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didChangeWatchedFilesParams struct {
	Changes []fileEvent `json:"changes"`
}

type fileEvent struct {
	URI  string `json:"uri"`
	Type int    `json:"type"` // 1 created, 2 changed, 3 deleted
}

// dynamic registration

type registrationParams struct {
	Registrations []registration `json:"registrations"`
}

type registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions,omitempty"`
}

type didChangeWatchedFilesRegistrationOptions struct {
	Watchers []fileSystemWatcher `json:"watchers"`
}

type fileSystemWatcher struct {
	GlobPattern any `json:"globPattern"` // a string, or a relativePattern
}

// relativePattern is a glob relative to a folder, which may lie outside
// the workspace (LSP 3.17; for clients announcing
// workspace.didChangeWatchedFiles.relativePatternSupport).
type relativePattern struct {
	BaseURI string `json:"baseUri"`
	Pattern string `json:"pattern"`
}

// diagnostics

// Diagnostic severities.
const (
	severityError       = 1
	severityWarning     = 2
	severityInformation = 3
)

type Diagnostic struct {
	Range           Range            `json:"range"`
	Severity        int              `json:"severity"`
	Code            string           `json:"code,omitempty"`
	CodeDescription *codeDescription `json:"codeDescription,omitempty"`
	Source          string           `json:"source"`
	Message         string           `json:"message"`
	Tags            []int            `json:"tags,omitempty"`
	// RelatedInformation: where the cause of a config error is.
	RelatedInformation []relatedInformation `json:"relatedInformation,omitempty"`
}

type relatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// tagUnnecessary is DiagnosticTag.Unnecessary: unused code, which
// clients render faded out.
const tagUnnecessary = 1

type codeDescription struct {
	Href string `json:"href"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// code actions and hover

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
		Only        []string     `json:"only,omitempty"`
	} `json:"context"`
}

// CodeAction is a quick fix with its edit.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
	Command     *Command       `json:"command,omitempty"`
}

// Command is a client command run after a code action's edit.
type Command struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

// WorkspaceEdit holds either Changes (plain text edits by URI) or
// DocumentChanges (versioned, and the only place a snippet edit may go).
type WorkspaceEdit struct {
	Changes         map[string][]TextEdit `json:"changes,omitempty"`
	DocumentChanges []textDocumentEdit    `json:"documentChanges,omitempty"`
}

// TextEdit replaces Range with NewText.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

type textDocumentEdit struct {
	TextDocument versionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []any                           `json:"edits"` // TextEdit or snippetTextEdit
}

type snippetTextEdit struct {
	Range   Range       `json:"range"`
	Snippet stringValue `json:"snippet"`
}

type stringValue struct {
	Kind  string `json:"kind"` // "snippet"
	Value string `json:"value"`
}

type hoverParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

type hover struct {
	Contents markupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

type markupContent struct {
	Kind  string `json:"kind"` // "markdown" or "plaintext"
	Value string `json:"value"`
}

// logMessageParams are the params of window/logMessage.
type logMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}

// messageError is MessageType.Error.
const messageError = 1
