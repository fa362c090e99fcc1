// Package villager is VillagerAgent's dialect (github.com/cnsdqd-dyb/
// VillagerAgent at dd1ecc1, seed paper 001): its prompt templates and
// speaking styles (embedded as data, written from its modules by
// villager/generator), the Python text machinery its prompts are made with
// (repr and json.dumps of ordered values, format_string, smart_truncate,
// extract_info), and the LangChain structured-chat texts of its ReAct
// executor (the tool lines, the scratchpad, the reply parser and its
// feedback). The DAG organisation (generate/dag) and its scripted experts
// build and read their calls with it.
package villager
