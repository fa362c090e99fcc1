package generate

import (
	"fmt"
	"slices"
	"strings"
)

// API is one of MINDcraft's model classes for an OpenAI-compatible
// endpoint (src/models/*.js at 0012750): how its sendRequest shapes the
// messages and the stop sequence it sends. Training data should be shaped
// as the API the trained model will be evaluated through.
type API struct {
	Name string
	// wire is the shaping for a model name (vllm.js strict-formats only
	// model names that contain "deepseek" or "qwen", case-sensitively).
	wire func(model string) Wire
	// Stop is the stop sequence sent (nil: none).
	Stop []string
}

// Wire is the message shaping for the named model.
func (a API) Wire(model string) Wire { return a.wire(model) }

func always(w Wire) func(string) Wire { return func(string) Wire { return w } }

// apis are MINDcraft's OpenAI-style model classes by their profile "api"
// name. Claude, Gemini, Replicate and Hugging Face speak other protocols.
var apis = []API{
	{Name: "openai", wire: always(WireStrictAll), Stop: []string{"***"}}, // gpt.js
	{Name: "vllm", wire: func(model string) Wire { // vllm.js
		if strings.Contains(model, "deepseek") || strings.Contains(model, "qwen") {
			return WireStrictAll
		}
		return WireRaw
	}, Stop: []string{"***"}},
	{Name: "ollama", wire: always(WireStrict)},                             // local.js: system prompt, then strictFormat(turns)
	{Name: "deepseek", wire: always(WireStrictAll), Stop: []string{"***"}}, // deepseek.js
	{Name: "qwen", wire: always(WireStrictAll), Stop: []string{"***"}},     // qwen.js
	{Name: "novita", wire: always(WireStrictAll), Stop: []string{"***"}},   // novita.js
	{Name: "openrouter", wire: always(WireStrictAll), Stop: []string{"*"}}, // openrouter.js
	{Name: "mistral", wire: always(WireStrict)},                            // mistral.js
	{Name: "groq", wire: always(WireRaw)},                                  // groq.js (stop null)
	{Name: "xai", wire: always(WireRaw), Stop: []string{"***"}},            // grok.js
	{Name: "glhf", wire: always(WireRaw), Stop: []string{"***"}},           // glhf.js
	{Name: "hyperbolic", wire: always(WireRaw)},                            // hyperbolic.js
}

// apiAliases are the model-class names users know the APIs by.
var apiAliases = map[string]string{"gpt": "openai", "grok": "xai", "local": "ollama"}

// ParseAPI looks up --api.
func ParseAPI(name string) (API, error) {
	if a, ok := apiAliases[name]; ok {
		name = a
	}
	if i := slices.IndexFunc(apis, func(a API) bool { return a.Name == name }); i >= 0 {
		return apis[i], nil
	}
	var names []string
	for _, a := range apis {
		names = append(names, a.Name)
	}
	return API{}, fmt.Errorf("generate: unknown API %q (expected one of MINDcraft's OpenAI-style APIs: %s)", name, strings.Join(names, ", "))
}

// DefaultAPI is the API a run is shaped for when --api is not given:
// OpenAI's own endpoint gets gpt.js's shaping; anything else (a local
// server, the scripted experts, whose data trains a model served the way
// MineCollab's harness serves one) gets vllm.js's.
func DefaultAPI(baseURL string) string {
	if strings.Contains(baseURL, "api.openai.com") {
		return "openai"
	}
	return "vllm"
}
