// Command helmrender renders a Helm chart's templates the way `helm template` does, with Go's
// text/template (Helm's own engine) and the subset of Helm's and Sprig's functions the svc chart
// uses, each with Helm's semantics. Helm is not in this machine's package archive; this lets the
// tests render the chart offline. A template that calls a function outside the subset fails to
// parse, so the chart cannot quietly come to depend on something only real Helm renders.
//
// Input (stdin, JSON): {"chartDir", "values", "chart": {"name","version","appVersion"},
// "release": {"name","namespace"}}. The caller parses values.yaml and applies overrides.
// Output: each non-empty rendered manifest after "---\n# Source: <chart>/templates/<file>".
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"
)

type input struct {
	ChartDir string                 `json:"chartDir"`
	Values   map[string]interface{} `json:"values"`
	Chart    struct {
		Name       string `json:"name"`
		Version    string `json:"version"`
		AppVersion string `json:"appVersion"`
	} `json:"chart"`
	Release struct {
		Name      string `json:"name"`
		Namespace string `json:"namespace"`
	} `json:"release"`
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fail("reading the input: %v", err)
	}
	out, err := render(in)
	if err != nil {
		fail("%v", err)
	}
	os.Stdout.WriteString(out)
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "helmrender: "+format+"\n", args...)
	os.Exit(1)
}

func render(in input) (string, error) {
	dir := filepath.Join(in.ChartDir, "templates")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	root := template.New("chart").Option("missingkey=zero")
	root.Funcs(functions(root))
	var names []string
	for _, entry := range entries {
		name := entry.Name()
		if entry.IsDir() || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".tpl")) {
			continue
		}
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return "", err
		}
		path := in.Chart.Name + "/templates/" + name
		if _, err := root.New(path).Parse(string(text)); err != nil {
			return "", err
		}
		if !strings.HasPrefix(name, "_") {
			names = append(names, path)
		}
	}
	sort.Strings(names)
	var out strings.Builder
	for _, path := range names {
		data := map[string]interface{}{
			"Values": in.Values,
			"Chart": map[string]interface{}{
				"Name": in.Chart.Name, "Version": in.Chart.Version, "AppVersion": in.Chart.AppVersion,
			},
			"Release": map[string]interface{}{
				"Name": in.Release.Name, "Namespace": in.Release.Namespace, "Service": "Helm",
				"IsInstall": true, "IsUpgrade": false, "Revision": 1,
			},
			"Template": map[string]interface{}{"Name": path, "BasePath": in.Chart.Name + "/templates"},
		}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, path, data); err != nil {
			return "", err
		}
		// Helm prints a missing value as nothing.
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		if strings.TrimSpace(text) == "" {
			continue
		}
		fmt.Fprintf(&out, "---\n# Source: %s\n%s\n", path, strings.TrimRight(text, "\n"))
	}
	return out.String(), nil
}
