"""Stand-in for anthropic: utils/llm.py imports its names for claude-2,
which the fixtures do not render."""
AI_PROMPT = "\n\nAssistant:"
HUMAN_PROMPT = "\n\nHuman:"


class Anthropic:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("claude is not rendered")
