package villager

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

var placeholder = regexp.MustCompile(`{{(.*?)}}`)

// FormatString is VillagerAgent's format_string (pipeline/utils.py): every
// {{key}} of the template must be in data; then, in data's order, each
// {{key}} is replaced by str(value).
func FormatString(template string, data Dict) (string, error) {
	for _, m := range placeholder.FindAllStringSubmatch(template, -1) {
		if !data.Has(m[1]) {
			return "", fmt.Errorf("villager: when format:\n%s \nkey %s not found in data", template, m[1])
		}
	}
	for _, kv := range data {
		template = strings.ReplaceAll(template, "{{"+kv.Key+"}}", Str(kv.Value))
	}
	return template, nil
}

// MustFormat is FormatString for templates and data the caller controls:
// a missing key is a bug in the caller.
func MustFormat(template string, data Dict) string {
	s, err := FormatString(template, data)
	if err != nil {
		panic(err)
	}
	return s
}

// SmartTruncate is VillagerAgent's smart_truncate: data as JSON when its
// repr fits 4·maxLength characters; else non-string scalars become '...'
// (a container of nothing else collapses to '...'), then strings are
// shortened a character at a time until the JSON fits.
func SmartTruncate(data any, maxLength int) string {
	limit := 4 * maxLength
	if runeLen(Repr(data)) <= limit {
		return JSON(data)
	}
	cut := truncateNonStrings(data)
	js := JSON(cut)
	strLen := limit
	for runeLen(js) > limit {
		strLen--
		cut = truncateStrings(cut, strLen)
		js = JSON(cut)
	}
	return js
}

func runeLen(s string) int { return utf8.RuneCountInString(s) }

const ellipsis = "..."

func truncateNonStrings(v any) any {
	switch v := v.(type) {
	case Dict:
		out := make(Dict, len(v))
		all := true
		for i, kv := range v {
			out[i] = KV{kv.Key, truncateNonStrings(kv.Value)}
			all = all && out[i].Value == ellipsis
		}
		if all {
			return ellipsis
		}
		return out
	case []any:
		out := make([]any, len(v))
		all := true
		for i, e := range v {
			out[i] = truncateNonStrings(e)
			all = all && out[i] == ellipsis
		}
		if all {
			return ellipsis
		}
		return out
	case string:
		return v
	}
	return ellipsis
}

func truncateStrings(v any, n int) any {
	cutDone := func(x any) bool {
		s, ok := x.(string)
		return ok && strings.HasSuffix(s, ellipsis)
	}
	switch v := v.(type) {
	case Dict:
		out := make(Dict, len(v))
		all := true
		for i, kv := range v {
			out[i] = KV{kv.Key, truncateStrings(kv.Value, n)}
			all = all && cutDone(out[i].Value)
		}
		if all {
			return ellipsis
		}
		return out
	case []any:
		out := make([]any, len(v))
		all := true
		for i, e := range v {
			out[i] = truncateStrings(e, n)
			all = all && cutDone(out[i])
		}
		if all {
			return ellipsis
		}
		return out
	case string:
		if runeLen(v) > n {
			return pySlice(v, n) + ellipsis
		}
	}
	return v
}

// pySlice is Python's s[:n], n counted in characters, negative from the end.
func pySlice(s string, n int) string {
	r := []rune(s)
	if n < 0 {
		n = max(len(r)+n, 0)
	}
	return string(r[:min(n, len(r))])
}
