package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/template"
)

// functions: Helm's own (include, required, toYaml, toJson) and the Sprig ones the chart uses,
// with the semantics their documentation gives.
func functions(root *template.Template) template.FuncMap {
	return template.FuncMap{
		"include": func(name string, data interface{}) (string, error) {
			var buf bytes.Buffer
			err := root.ExecuteTemplate(&buf, name, data)
			return buf.String(), err
		},
		"required": func(message string, value interface{}) (interface{}, error) {
			if value == nil || value == "" {
				return nil, errors.New(message)
			}
			return value, nil
		},
		"toYaml": func(value interface{}) string { return strings.TrimSuffix(toYaml(value, 0), "\n") },
		"toJson": func(value interface{}) (string, error) {
			text, err := json.Marshal(value)
			return string(text), err
		},
		"default": func(fallback interface{}, given ...interface{}) interface{} {
			if len(given) == 0 || empty(given[0]) {
				return fallback
			}
			return given[0]
		},
		"empty": empty,
		"quote": func(values ...interface{}) string {
			quoted := make([]string, 0, len(values))
			for _, value := range values {
				if value != nil {
					quoted = append(quoted, strconv.Quote(fmt.Sprint(value)))
				}
			}
			return strings.Join(quoted, " ")
		},
		"indent":  indent,
		"nindent": func(spaces int, text string) string { return "\n" + indent(spaces, text) },
		"int":     toInt,
		"add":     func(a, b interface{}) int64 { return toInt(a) + toInt(b) },
		"sub":     func(a, b interface{}) int64 { return toInt(a) - toInt(b) },
		"div":     func(a, b interface{}) int64 { return toInt(a) / toInt(b) },
		"until": func(count interface{}) []int {
			numbers := make([]int, toInt(count))
			for i := range numbers {
				numbers[i] = i
			}
			return numbers
		},
		"list": func(items ...interface{}) []interface{} { return items },
		"dict": func(pairs ...interface{}) map[string]interface{} {
			dict := map[string]interface{}{}
			for i := 0; i+1 < len(pairs); i += 2 {
				dict[fmt.Sprint(pairs[i])] = pairs[i+1]
			}
			return dict
		},
		"hasKey": func(dict map[string]interface{}, key string) bool {
			_, found := dict[key]
			return found
		},
		"trunc": func(length int, text string) string {
			if len(text) > length {
				return text[:length]
			}
			return text
		},
		"trimSuffix": func(suffix, text string) string { return strings.TrimSuffix(text, suffix) },
	}
}

// empty is Sprig's: nil, false, 0, "" and empty collections.
func empty(value interface{}) bool {
	if value == nil {
		return true
	}
	v := reflect.ValueOf(value)
	switch v.Kind() {
	case reflect.String, reflect.Map, reflect.Slice, reflect.Array:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	}
	return false
}

func toInt(value interface{}) int64 {
	switch v := value.(type) {
	case int:
		return int64(v)
	case int64:
		return v
	case float64:
		return int64(v)
	case string:
		n, _ := strconv.ParseInt(v, 10, 64)
		return n
	}
	return 0
}

func indent(spaces int, text string) string {
	pad := strings.Repeat(" ", spaces)
	return pad + strings.ReplaceAll(text, "\n", "\n"+pad)
}

// toYaml writes block YAML with sorted keys (as Helm's does). A string is written plain only when
// YAML cannot read it as anything but that string; otherwise double-quoted.
func toYaml(value interface{}, depth int) string {
	pad := strings.Repeat("  ", depth)
	switch v := value.(type) {
	case map[string]interface{}:
		if len(v) == 0 {
			return "{}\n"
		}
		keys := make([]string, 0, len(v))
		for key := range v {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		var out strings.Builder
		for _, key := range keys {
			out.WriteString(pad + plainOrQuoted(key) + ":")
			out.WriteString(nested(v[key], depth))
		}
		return out.String()
	case []interface{}:
		if len(v) == 0 {
			return "[]\n"
		}
		var out strings.Builder
		for _, item := range v {
			out.WriteString(pad + "-")
			out.WriteString(nested(item, depth))
		}
		return out.String()
	default:
		return scalar(v) + "\n"
	}
}

func nested(value interface{}, depth int) string {
	switch v := value.(type) {
	case map[string]interface{}:
		if len(v) > 0 {
			return "\n" + toYaml(v, depth+1)
		}
	case []interface{}:
		if len(v) > 0 {
			return "\n" + toYaml(v, depth+1)
		}
	}
	return " " + toYaml(value, depth)
}

func scalar(value interface{}) string {
	switch v := value.(type) {
	case nil:
		return "null"
	case string:
		return plainOrQuoted(v)
	case float64:
		if v == float64(int64(v)) {
			return strconv.FormatInt(int64(v), 10)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	text, _ := json.Marshal(value)
	return string(text)
}

var plainString = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_./-]*$`)

// YAML 1.1 readers (Kubernetes' among them) take these plain words for booleans or null.
var yamlWords = map[string]bool{"y": true, "n": true, "yes": true, "no": true, "on": true, "off": true, "true": true, "false": true, "null": true}

func plainOrQuoted(text string) string {
	if plainString.MatchString(text) && !yamlWords[strings.ToLower(text)] {
		return text
	}
	return strconv.Quote(text)
}
