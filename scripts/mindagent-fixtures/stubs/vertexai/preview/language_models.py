"""Stand-in for vertexai.preview.language_models: utils/llm.py imports
these names for palm-2, which the fixtures do not render."""


class ChatModel:
    pass


class InputOutputTextPair:
    pass


class TextGenerationModel:
    pass
