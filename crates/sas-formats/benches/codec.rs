//! Decode, encode and the document of a set as large as the largest the seed describes (118
//! animations, 137 sprites): a synthetic one, since no retail file was available.
//!
//! `cargo bench -p sas-formats` (add `-- --quick` for a fast look).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sas_formats::{
    Block, BodyItem, ByteOrder, Command, Meanings, Quad, SasSet, Slot, Sprite, Version, document,
};

/// 137 sprites of 8 quads, 118 animations in four directions (the second mirrored) over 236
/// blocks of 12 frames, a dead frame after every tenth block.
fn large_set() -> SasSet {
    let order = ByteOrder::Little;
    let sprites = (0..137)
        .map(|s| Sprite {
            sheet: 0,
            center_x: 0,
            center_y: 0,
            quads: (0..8)
                .map(|q| Quad {
                    x: -16 + q,
                    y: -32,
                    width: 16,
                    height: 16,
                    u: (s * 16 % 1024) as u16,
                    v: (q * 16) as u16,
                })
                .collect(),
        })
        .collect();
    let mut body = Vec::new();
    for b in 0..236u16 {
        let frames = (0..12u16)
            .map(|f| {
                let command = match f % 4 {
                    0 | 2 => Command::Sprite {
                        sprite: ((b + f) % 137) as u8,
                        x1: 0,
                        y1: 0,
                        unknown2: 0,
                        x2: f as i16,
                        y2: 0,
                    },
                    1 => Command::Position {
                        x1: 0,
                        y1: 0,
                        x2: 1,
                        y2: -1,
                    },
                    _ => Command::Type8 { value: b },
                };
                command.to_frame(f * 4, order)
            })
            .collect();
        body.push(BodyItem::Block(Block {
            duration: 48,
            frames,
        }));
        if b % 10 == 9 {
            body.push(BodyItem::DeadFrames(vec![
                Command::Type7.to_frame(0, order),
            ]));
        }
    }
    let animations = (0..118)
        .map(|a| {
            let slot = |block: usize, mirrored| Slot {
                block: Some(block),
                mirrored,
            };
            [
                slot(2 * a, false),
                slot(2 * a, true),
                slot(2 * a + 1, false),
                slot(2 * a + 1, true),
            ]
        })
        .collect();
    SasSet {
        version: Version::V3,
        byte_order: order,
        scale: 2,
        unknown_count: 0,
        animations,
        sprites,
        body,
        trailing: vec![0; 16],
    }
}

fn codec(c: &mut Criterion) {
    let set = large_set();
    let bytes = set.encode().expect("encodes");
    assert_eq!(SasSet::decode(&bytes).expect("decodes"), set);
    let mut group = c.benchmark_group(format!("sas3 {} bytes", bytes.len()));
    group.bench_function("decode", |b| b.iter(|| SasSet::decode(black_box(&bytes))));
    group.bench_function("encode", |b| b.iter(|| black_box(&set).encode()));
    let meanings = Meanings::from_executable();
    group.bench_function("document", |b| {
        b.iter(|| serde_json::to_vec(&document::build(black_box(&set), &meanings, None)))
    });
    group.finish();
}

criterion_group!(benches, codec);
criterion_main!(benches);
