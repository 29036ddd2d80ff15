"""The value types and their notations: tiles, hands, blocks, wins, yaku, mpsz, MJAI, hand facts."""
