// Package escape is VillagerBench's escape rooms (seed paper 001, §2 and
// App. B; github.com/cnsdqd-dyb/VillagerAgent at dd1ecc1, env/minecraft_define.py
// and env/escape_room_judger.py) as data, a room generator and a rule engine,
// apart from any world.
package escape
