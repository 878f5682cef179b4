import RenditionCore
import Testing

@Suite("Sticker sizes as data")
struct StickerGeometryTests {
    @Test("size classes have Apple's point sizes and @3x masters")
    func sizeClasses() {
        #expect(StickerSizeClass.small.points == 100)
        #expect(StickerSizeClass.regular.points == 136)
        #expect(StickerSizeClass.large.points == 206)
        #expect(StickerSizeClass.allCases.map(\.masterPixels) == [300, 408, 618])
        #expect(StickerSizeClass(masterPixels: 408) == .regular)
        #expect(StickerSizeClass(masterPixels: 500) == nil)
    }

    @Test(
        "@2x and @1x are round(2/3) and round(1/3) of the master",
        arguments: [
            (618, 412, 206), (408, 272, 136), (300, 200, 100), (301, 201, 100), (302, 201, 101),
            (512, 341, 171), (1, 1, 1), (2, 1, 1), (4, 3, 1),
        ])
    func renditionSides(master: Int, twoX: Int, oneX: Int) {
        #expect(StickerGeometry.renditionSide(masterSide: master, scale: .x2) == twoX)
        #expect(StickerGeometry.renditionSide(masterSide: master, scale: .x1) == oneX)
        #expect(StickerGeometry.renditionSide(masterSide: master, scale: .x3) == master)
    }

    @Test("every master side from 300 to 618 rounds each axis independently")
    func everyMasterSide() {
        for side in 300...618 {
            let two = StickerGeometry.renditionSide(masterSide: side, scale: .x2)
            let one = StickerGeometry.renditionSide(masterSide: side, scale: .x1)
            #expect(abs(Double(two) - Double(side) * 2 / 3) < 0.5)
            #expect(abs(Double(one) - Double(side) / 3) < 0.5)
        }
        let size = StickerGeometry.renditionSize(masterWidth: 618, masterHeight: 300, scale: .x2)
        #expect(size.width == 412 && size.height == 200)
        #expect(StickerGeometry.isValidMasterSide(300) && StickerGeometry.isValidMasterSide(618))
        #expect(!StickerGeometry.isValidMasterSide(299) && !StickerGeometry.isValidMasterSide(619))
    }
}
