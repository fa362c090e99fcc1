package export

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// writeLlamaFactoryInfo writes dataset_info.json registering every ShareGPT
// file for LLaMA-Factory (dataset_dir = the dataset root), with every column
// and tag spelled out rather than left to defaults. OpenAI JSONL files are
// registered too when roles are strict: LLaMA-Factory drops conversations
// whose turns do not alternate, which raw roles do not promise.
func writeLlamaFactoryInfo(dir, name string, roles Roles, files []FileInfo) error {
	var reg object
	for _, f := range files {
		switch f.Format {
		case FormatShareGPT:
			reg = append(reg, kv{name + "_" + f.Split, object{
				{"file_name", f.Path},
				{"formatting", "sharegpt"},
				{"columns", object{{"messages", "conversations"}, {"system", "system"}}},
				{"tags", object{
					{"role_tag", "from"},
					{"content_tag", "value"},
					{"user_tag", "human"},
					{"assistant_tag", "gpt"},
					{"observation_tag", "observation"},
					{"function_tag", "function_call"},
					{"system_tag", "system"},
				}},
			}})
		case FormatOpenAI:
			if roles != RolesStrict || !strings.HasSuffix(f.Path, ".jsonl") {
				continue // LLaMA-Factory reads no compressed file
			}
			reg = append(reg, kv{name + "_openai_" + f.Split, object{
				{"file_name", f.Path},
				{"formatting", "sharegpt"},
				{"columns", object{{"messages", "messages"}}},
				{"tags", object{
					{"role_tag", "role"},
					{"content_tag", "content"},
					{"user_tag", "user"},
					{"assistant_tag", "assistant"},
					{"observation_tag", "observation"},
					{"function_tag", "function_call"},
					{"system_tag", "system"},
				}},
			}})
		}
	}
	if reg == nil {
		reg = object{}
	}
	data, err := json.MarshalIndent(reg, "", "  ")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	_, _, err = writeSmallFile(filepath.Join(dir, "dataset_info.json"), append(data, '\n'))
	return err
}
