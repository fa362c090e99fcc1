# TRL recipe for the collabcraft dataset "demo": supervised fine-tuning on
# the assistant's turns only.
# max_length 11264 covers every example: the longest is 9,736 tokens (cl100k_base), plus 10% for
# the model's own tokenizer, rounded up to a multiple of 1024.
# Run: python docs/recipes/trl_sft.py (needs trl, datasets, torch; a GPU).
from datasets import load_dataset
from trl import SFTConfig, SFTTrainer

ds = load_dataset("parquet", data_dir="out/demo/dataset/data")
trainer = SFTTrainer(
    model="Qwen/Qwen2.5-0.5B-Instruct",
    train_dataset=ds["train"],
    eval_dataset=ds["validation"],
    args=SFTConfig(
        output_dir="sft-demo",
        max_length=11264,
        assistant_only_loss=True,  # loss on the assistant's turns only (TRL patches Qwen2.5's template for it)
        per_device_train_batch_size=1,
        gradient_accumulation_steps=8,
        gradient_checkpointing=True,
        bf16=True,
    ),
)
trainer.train()
