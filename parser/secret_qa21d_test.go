package parser

import "testing"

// TestIsSecretNameOtherSpellings: credentials under spellings the word
// list missed. A connection URI carries its password as a URL does
// (MONGODB_URI=mongodb://user:pass@host/db, SQLALCHEMY_DATABASE_URI,
// REDIS_URI); CREDS is CREDENTIALS shortened (GCP_CREDS, DOCKER_CREDS);
// PW is a password's usual abbreviation as a part of a name (SA_PW,
// DB_PW). With --allow-env or env: ["*"] their values were expanded into
// findings (redacted in scan's output, but not in the language server's
// diagnostics) and sent to the server as database names.
func TestIsSecretNameOtherSpellings(t *testing.T) {
	for name, want := range map[string]bool{
		"MONGODB_URI": true, "SQLALCHEMY_DATABASE_URI": true, "RedisUri": true, "db-uri": true,
		"GCP_CREDS": true, "DockerCreds": true, "AZURE_CREDENTIALS": true,
		"SA_PW": true, "db-pw": true, "PW": true,
		"TargetDb": false, "DatabaseName": false, "DataPath": false, "PWRSHELL": false, "PATH": false,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) = %v, want %v", name, got, want)
		}
	}
}
