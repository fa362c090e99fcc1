"""Stand-in for openai: utils/llm.py builds an OpenAI() client at import
and chat_llm calls client.chat.completions.create(model, messages,
temperature, max_tokens). The fixture renderer sets RESPOND to a function
that records the call and returns the reply text."""

RESPOND = None


class OpenAIError(Exception):
    pass


api_key = "fixture"  # chat_llm calls next_key() only when this is None


class _Message:
    def __init__(self, content):
        self.content = content


class _Choice:
    def __init__(self, content):
        self.message = _Message(content)


class _Response:
    def __init__(self, content):
        self.choices = [_Choice(content)]


class _Completions:
    def create(self, **kwargs):
        return _Response(RESPOND(kwargs))


class _Chat:
    completions = _Completions()


class OpenAI:
    def __init__(self, *args, **kwargs):
        self.chat = _Chat()
