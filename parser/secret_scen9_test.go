package parser

import "testing"

// TestIsSecretNameCITokens: the CI services' own credentials that the
// word list missed: GitLab's job JSON Web Token (CI_JOB_JWT, CI_JOB_JWT_V2)
// and personal access tokens named PAT (AZURE_DEVOPS_EXT_PAT, which the
// Azure DevOps CLI reads, GH_PAT); with --allow-env or env: ["*"] their
// values reached findings and reports. PAT counts as a whole part of the
// name only: PATH and PATTERN are not secret.
func TestIsSecretNameCITokens(t *testing.T) {
	for name, want := range map[string]bool{
		"CI_JOB_JWT": true, "CI_JOB_JWT_V2": true, "MyJwt": true,
		"AZURE_DEVOPS_EXT_PAT": true, "GH_PAT": true, "pat": true, "PAT_RELEASE": true, "ado-pat": true,
		"PATH": false, "PATTERN": false, "DB_PATH": false, "BACKUP_PATH": false, "SPATIAL": false, "PATCH_LEVEL": false,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) = %v, want %v", name, got, want)
		}
	}
}
