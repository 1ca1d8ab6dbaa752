// A CommonJS module's use of the package's types (TypeScript's require of an ES module, under
// module nodenext, as node 20.19 and 22.12 load it).
import tacticsSprite = require('tactics-sprite');
import three = require('tactics-sprite/three');

declare const data: tacticsSprite.TacticsSpriteData;
const atlas: tacticsSprite.Atlas = tacticsSprite.createAtlas(data);
const pose: tacticsSprite.Pose = tacticsSprite.poseAt(atlas, 'Swing High', 1, 18);
const placed: three.Placement3d = three.placePose3d(atlas, pose, tacticsSprite.FACING.SE);

void placed;
